import { type DemoClient, DemoHttpError } from './demo-client';

/** Someone the demo acts as: a dev wallet identity with a session on the site. */
export interface DemoPerson {
  /** The dev wallet's name (what `/api/dev/wallet/approve` takes). */
  wallet: string;
  token: string;
  did: string;
  evmAddress: string;
}

interface WalletInfo {
  name: string;
  did: string;
  evmAddress: string;
}
interface CreatedRequest {
  id: string;
  url: string;
  secret: string;
  statement?: string | null;
}
interface RequestState {
  status: string;
  result: Record<string, unknown> | null;
}

export const RATE_LIMIT_HINT =
  'the stack limits wallet requests and registrations per client address (WALLET_REQUEST_LIMIT, ' +
  'REGISTER_ADDRESS_LIMITS): wait 10 minutes, or play larger demos on a stack started with WALLET_REQUEST_LIMIT=0 REGISTER_ADDRESS_LIMITS=0';

/**
 * The phone's part, played by the stack's own dev wallet: every sign-in and signature is a QR request made through
 * the api and answered by the dev wallet exactly as Essentials answers it.
 */
export class DemoWallets {
  private known: WalletInfo[] | null = null;

  constructor(readonly api: DemoClient) {}

  async list(): Promise<WalletInfo[]> {
    this.known = await this.api.call<WalletInfo[]>('/dev/wallets');
    return this.known;
  }

  async info(name: string): Promise<WalletInfo> {
    const found = (this.known ?? (await this.list())).find((w) => w.name === name);
    if (found) return found;
    const again = (await this.list()).find((w) => w.name === name);
    if (again) return again;
    return this.api.call<WalletInfo>('/dev/wallets', { method: 'POST', body: { name } });
  }

  /** Asks the api for a wallet request (the QR) and answers it with `wallet`; returns the request and its state. */
  async sign(
    wallet: string,
    action: string,
    params: Record<string, unknown> | undefined,
    token?: string,
  ): Promise<{ request: CreatedRequest; state: RequestState }> {
    let request: CreatedRequest;
    try {
      request = await this.api.call<CreatedRequest>('/wallet/requests', {
        method: 'POST',
        token,
        body: params === undefined ? { action } : { action, params },
      });
    } catch (err) {
      if (err instanceof DemoHttpError && err.status === 429)
        throw new Error(`${action}: ${err.message}: ${RATE_LIMIT_HINT}`, { cause: err });
      throw err;
    }
    const answer = await this.api.call<{ status: number; body: unknown; chainError?: string }>(
      '/dev/wallet/approve',
      { method: 'POST', body: { qr: request.url, wallet } },
    );
    if (answer.status !== 200)
      throw new Error(
        `${action} by ${wallet} refused: ${JSON.stringify(answer.body)}${answer.chainError ? ` (wallet: ${answer.chainError})` : ''}`,
      );
    const state = await this.api.call<RequestState>(`/wallet/requests/${request.id}`, {
      secret: request.secret,
    });
    return { request, state };
  }

  /** Signs in with the dev wallet `name` (an existing account), or registers its DID as a new member. */
  async person(
    name: string,
    profile?: { username: string; firstName: string; lastName: string; country: string },
  ): Promise<DemoPerson> {
    const w = await this.info(name);
    const { request, state } = await this.sign(name, 'login', undefined);
    const result = state.result ?? {};
    let token = typeof result.token === 'string' ? result.token : null;
    if (!token && result.outcome === 'register') {
      if (!profile) throw new Error(`${name} has no account on this site`);
      try {
        const session = await this.api.call<{ token: string }>('/user/register/did', {
          method: 'POST',
          body: { requestId: request.id, secret: request.secret, ...profile },
        });
        token = session.token;
      } catch (err) {
        if (err instanceof DemoHttpError && err.status === 429)
          throw new Error(`registering ${name}: ${err.message}: ${RATE_LIMIT_HINT}`, { cause: err });
        throw err;
      }
    }
    if (!token) throw new Error(`sign-in of ${name}: no session (${JSON.stringify(result)})`);
    return { wallet: name, token, did: w.did, evmAddress: w.evmAddress };
  }
}
