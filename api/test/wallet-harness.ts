import path from 'node:path';
import { approveRequest, prepareApproval, postCallback } from '@cr/did/wallet/wallet-approve';
import { createWallet, openWallet } from '@cr/did/wallet/wallet-store';
import { signWalletJwt } from '@cr/did/wallet/wallet-replies';
import type { CreatedWalletRequest, WalletRequestState } from '@cr/contract/wallet.contract';
import type { TestApi } from './test-api';

/** Dev wallets (the stand-in for the member's phone) living beside a test api. */
export function walletsFor(t: TestApi) {
  const opts = { walletDir: path.join(t.dataDir, 'wallets'), resolverUrl: t.eid!.url };
  return {
    opts,
    create: (name: string) => createWallet(name, opts),
    approve: (qr: string, name: string) => approveRequest(qr, name, opts),
    prepare: (qr: string, name: string, extra: { allowUnverifiedRequest?: boolean } = {}) =>
      prepareApproval(qr, name, { ...opts, ...extra }),
    post: postCallback,
    /** Signs arbitrary claims as the wallet's DID would (for forged-content tests). */
    async signClaims(name: string, claims: Record<string, unknown>) {
      return signWalletJwt(await openWallet(name, opts), claims, 1, new Date());
    },
  };
}

/** The param that names an action's subject, for the actions that have one. */
const SUBJECT_PARAM: Record<string, string> = {
  'sign-suggestion': 'suggestionId',
  'make-proposal': 'ref',
  vote: 'proposalId',
  veto: 'proposalId',
};

/**
 * POST /wallet/requests `{ action, params }`. `params` may be the subject alone (a suggestion or proposal id or
 * number), put under the action's own param name, or the whole params object.
 */
export async function requestWallet(
  t: TestApi,
  action: string,
  token?: string,
  params?: string | Record<string, unknown>,
) {
  const body =
    params === undefined
      ? { action }
      : { action, params: typeof params === 'string' ? { [SUBJECT_PARAM[action]!]: params } : params };
  return t.call<CreatedWalletRequest>('POST', '/wallet/requests', { token, body });
}

export async function walletState(t: TestApi, id: string, secret: string) {
  return t.call<WalletRequestState & { result: Record<string, unknown> | null }>(
    'GET',
    `/wallet/requests/${id}`,
    {
      headers: { 'x-wallet-secret': secret },
    },
  );
}
