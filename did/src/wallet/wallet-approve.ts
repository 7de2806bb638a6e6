import { DidError } from '../did-error';
import { ensureDidBackend } from '../did-backend';
import { describeRequest, type RequestDescription } from './wallet-describe';
import { sendEscTransaction } from './wallet-evm';
import { credAccessReply, didSignReply, signDigestReply } from './wallet-replies';
import { openWallet, type WalletNetwork } from './wallet-store';

export interface ApproveOptions extends WalletNetwork {
  chainRpcUrl?: string;
  chainId?: number;
  /** Answer even when the request JWT does not verify (Essentials never checks it). Default false. */
  allowUnverifiedRequest?: boolean;
  now?: Date;
}

/** The exact body Essentials would POST, and where. */
export interface PreparedApproval {
  description: RequestDescription;
  callbackUrl: string;
  /** `{ jwt }` for DID intents, `{ result: "<JSON string>" }` for wallet intents. */
  body: { jwt: string } | { result: string };
  /** esctransaction: why sending failed, when Essentials would report status "error". */
  chainError?: string;
}

/** Builds the reply Essentials would send for this QR text, signed by `walletName`, without sending it. */
export async function prepareApproval(
  qrText: string,
  walletName: string,
  opts: ApproveOptions,
): Promise<PreparedApproval> {
  ensureDidBackend(opts.resolverUrl);
  const description = await describeRequest(qrText, opts);
  if (description.requestVerified === false && !opts.allowUnverifiedRequest) {
    throw new DidError(
      'did.request_invalid',
      `the request JWT does not verify (${description.requestError ?? ''})`,
    );
  }
  if (!description.callbackUrl) {
    throw new DidError(
      'did.intent_invalid',
      'the request has no callbackurl: only callback answers are supported',
    );
  }
  const wallet = await openWallet(walletName, opts);
  const now = opts.now ?? new Date();
  const { intent } = description;
  let body: PreparedApproval['body'];
  let chainError: string | undefined;
  switch (`${intent.module}:${intent.action}`) {
    case 'did:credaccess':
      body = { jwt: await credAccessReply(wallet, intent, now) };
      break;
    case 'did:didsign':
      body = { jwt: await didSignReply(wallet, intent, now) };
      break;
    case 'did:signdigest':
      body = { jwt: await signDigestReply(wallet, intent, now) };
      break;
    case 'wallet:esctransaction': {
      const outcome = await sendEscTransaction(wallet, intent, opts);
      body = { result: JSON.stringify(outcome.result) };
      chainError = outcome.error;
      break;
    }
    default:
      throw new DidError(
        'did.intent_invalid',
        `the dev wallet does not answer ${intent.module}/${intent.action}`,
      );
  }
  return { description, callbackUrl: description.callbackUrl, body, chainError };
}

export interface ApprovalResult {
  /** HTTP status the callback answered (Essentials on Android treats anything but 200 as an error). */
  status: number;
  /** The callback's answer, parsed as JSON when it is JSON. */
  body: unknown;
  sent: PreparedApproval;
}

/** Approves a QR request as `walletName`, exactly as Essentials answers it, and POSTs to the callback. */
export async function approveRequest(
  qrText: string,
  walletName: string,
  opts: ApproveOptions,
): Promise<ApprovalResult> {
  const sent = await prepareApproval(qrText, walletName, opts);
  const res = await postCallback(sent.callbackUrl, sent.body);
  return { ...res, sent };
}

/** IntentManager.postCallback: JSON POST, `Content-Type: application/json;charset=UTF-8`. */
export async function postCallback(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json;charset=UTF-8' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (cause) {
    throw new DidError('did.callback_failed', `callback ${url} did not answer`, { cause });
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}
