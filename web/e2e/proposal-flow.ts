import type { Page } from 'playwright-core';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { createProvider } from '@cr/contracts-abi/provider';
import { listWallets } from '@cr/did/wallet/wallet-store';
import { approveAsPhone, decodeQrFromPage, ensureWallet, runId } from './qr';
import type { E2eSite } from './site';
import { until } from '../../scripts/src/poll/until';

/**
 * Shared steps of the proposal browser tests (proposal*.e2e.ts, chain-live*.e2e.ts): accounts through the real
 * api (QR sign-in answered by the dev wallets, no database access), and the page's own QR codes read from its
 * pixels and answered by the dev wallet like a phone.
 */

/** The poll the browser tests share with the tools (scripts/src/poll/until.ts). */
export { until };

export interface Envelope<T> {
  code: number;
  data: T;
  error?: { type: string; message: string };
}

export async function call<T>(
  site: E2eSite,
  path: string,
  init: { method?: string; body?: unknown; token?: string; secret?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers['api-token'] = init.token;
  if (init.secret) headers['x-wallet-secret'] = init.secret;
  const res = await fetch(`${site.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (json.code <= 0) throw new Error(`${path}: ${json.error?.type} ${json.error?.message}`);
  return json.data;
}

/** Signs in by QR as the phone would (the dev wallet answers a login request); returns the session token. */
export async function walletLogin(site: E2eSite, walletName: string) {
  const req = await call<{ id: string; url: string; secret: string }>(site, '/api/wallet/requests', {
    method: 'POST',
    body: { action: 'login' },
  });
  const answer = await approveAsPhone(site, req.url, walletName);
  if (answer.status !== 200) throw new Error(`login refused: ${JSON.stringify(answer.body)}`);
  const state = await call<{ result: Record<string, unknown> }>(site, `/api/wallet/requests/${req.id}`, {
    secret: req.secret,
  });
  return { req, result: state.result };
}

export interface Member {
  token: string;
  username: string;
  wallet: string;
  did: string;
  evmAddress: string;
}

/** A dev council member of the stack (`council-01`…`council-12`), signed in by QR. */
export async function councilMember(site: E2eSite, n: number): Promise<Member> {
  const wallet = `council-${String(n).padStart(2, '0')}`;
  const { result } = await walletLogin(site, wallet);
  const info = (await listWallets({ walletDir: site.walletDir })).find((w) => w.name === wallet)!;
  return {
    token: String(result.token),
    username: wallet,
    wallet,
    did: info.did,
    evmAddress: info.evmAddress,
  };
}

/** A new member registered by DID (the login page's unknown-DID registration): DID bound from the start. */
export async function didMember(site: E2eSite, prefix: string): Promise<Member> {
  const w = await ensureWallet(site, `${prefix}-${runId()}`);
  const { req, result } = await walletLogin(site, w.name);
  if (result.outcome !== 'register') throw new Error(`expected a new DID, got ${JSON.stringify(result)}`);
  const username = `${prefix}_${runId()}`.slice(0, 30);
  const session = await call<{ token: string }>(site, '/api/user/register/did', {
    method: 'POST',
    body: {
      requestId: req.id,
      secret: req.secret,
      username,
      firstName: 'Lin',
      lastName: 'Author',
      country: 'SG',
    },
  });
  const info = (await listWallets({ walletDir: site.walletDir })).find((x) => x.name === w.name)!;
  return { token: session.token, username, wallet: w.name, did: w.did, evmAddress: info.evmAddress };
}

/** Posts a valid new-motion suggestion (1,000 ELA in three stages) as `author`. */
export async function postSuggestion(site: E2eSite, author: Member, title: string) {
  return call<{ _id: string; number: number }>(site, '/api/suggestion', {
    method: 'POST',
    token: author.token,
    body: newMotion({ title }),
  });
}

/** Opens `path` signed in as `token` (or signed out) in `lang`. */
export async function openAs(
  page: Page,
  site: E2eSite,
  token: string | null,
  lang: 'en' | 'zh',
  path: string,
) {
  await page.goto(`${site.url}/terms`);
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.evaluate(
    ({ tok, l }) => {
      if (tok) sessionStorage.setItem('api-token', tok);
      else sessionStorage.removeItem('api-token');
      localStorage.setItem('lang', l);
    },
    { tok: token, l: lang },
  );
  await page.goto(`${site.url}${path}`);
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
}

/**
 * The phone's part for the QR dialog open on `page`: reads the QR from the pixels, lets the dev wallet answer,
 * and waits for the dialog to report the signature verified (it then closes).
 */
export async function approveDialogQr(
  page: Page,
  site: E2eSite,
  wallet: string,
  via: 'phone' | 'dev' = 'phone',
) {
  const dialog = page.locator('.cr-wallet-dialog');
  await dialog.waitFor({ state: 'visible', timeout: 15_000 });
  let qr: string;
  try {
    qr = await decodeQrFromPage(page, '.cr-wallet-dialog [data-testid="wallet-qr"]');
  } catch (err) {
    throw new Error(`no QR in the dialog: ${await dialog.innerText().catch(() => '?')}`, { cause: err });
  }
  const attr = await dialog.locator('[data-testid="wallet-qr"]').getAttribute('data-qr');
  if (qr !== attr) throw new Error('the QR pixels do not carry the request of the dialog');
  const answer =
    via === 'phone'
      ? await approveAsPhone(site, qr, wallet)
      : // esctransaction: the stack's dev wallet route sends the transaction with the stack's own chain settings.
        await call<{ status: number; body: unknown; chainError?: string }>(site, '/api/dev/wallet/approve', {
          method: 'POST',
          body: { qr, wallet },
        });
  if (answer.status !== 200)
    throw new Error(
      `the wallet's answer was refused: ${JSON.stringify(answer.body)}${'chainError' in answer && answer.chainError ? ` (the wallet: ${answer.chainError})` : ''}`,
    );
  try {
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
  } catch (err) {
    throw new Error(`the dialog stayed open: ${await dialog.innerText().catch(() => '?')}`, { cause: err });
  }
  return qr;
}

/** The author signs the suggestion on its page through the QR (the suggestion page's Sign button). */
export async function signSuggestionOnPage(page: Page, site: E2eSite, author: Member, number: number) {
  await openAs(page, site, author.token, 'en', `/suggestion/${number}`);
  await page.locator('[data-testid="sign"]').click();
  await approveDialogQr(page, site, author.wallet);
  await until(
    'suggestion signed',
    async () => (await call<{ signed: boolean }>(site, `/api/suggestion/${number}`)).signed,
    (v) => v,
    15_000,
  );
}

/** A council member makes the suggestion a proposal from its page (QR); returns the proposal number. */
export async function makeProposalOnPage(page: Page, site: E2eSite, member: Member, number: number) {
  await openAs(page, site, member.token, 'en', `/suggestion/${number}`);
  await page.locator('[data-testid="make-proposal"]').click();
  await approveDialogQr(page, site, member.wallet);
  return until(
    'proposal number on the suggestion',
    async () =>
      (await call<{ proposalNumber: number | null }>(site, `/api/suggestion/${number}`)).proposalNumber ?? 0,
    (n) => n > 0,
    20_000,
  );
}

export interface ProposalState {
  _id: string;
  number: number;
  status: string;
  currentHeight: number | null;
  my: { canVote: boolean; isCouncilMember: boolean };
  window: { registeredHeight: number | null; votingEndHeight: number | null; vetoEndHeight: number | null };
  votes: Array<{ member: { did: string; name: string }; choice: string | null; chainStatus: string | null }>;
}

export const proposal = (site: E2eSite, number: number, token?: string) =>
  call<ProposalState>(site, `/api/proposals/${number}`, { token });

/** Waits until the proposal is registered on chain (its windows are known). */
export async function waitRegistered(site: E2eSite, number: number) {
  return until(
    'registration in a block',
    () => proposal(site, number),
    (p) => p.window.registeredHeight !== null,
  );
}

/**
 * Waits until none of the proposal's chain actions is still in flight (each chained or failed): until then the
 * worker publishes their confirmations on the proposal's room, and an open page reads the proposal again.
 */
export async function waitActionsSettled(site: E2eSite, number: number) {
  return until(
    'every chain action of the proposal settled',
    () => call<{ transactions: Array<{ status: string }> }>(site, `/api/proposals/${number}`),
    (p) => p.transactions.every((t) => t.status === 'chained' || t.status === 'failed'),
  );
}

/**
 * A council member votes on the proposal page: choice and reason saved, the "post your vote" notice, then the
 * vote posted on chain through the page's QR.
 */
export async function voteOnPage(
  page: Page,
  site: E2eSite,
  member: Member,
  number: number,
  choice: 'yes' | 'oppose' | 'abstain',
  reason: string,
) {
  await openAs(page, site, member.token, 'en', `/proposals/${number}`);
  const panel = page.locator('[data-testid="my-vote"]');
  await panel.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
    // Say why the server offers no vote (window closed, no seat) rather than only that a locator timed out.
    const p = await proposal(site, number, member.token).catch(() => null);
    throw new Error(
      `no vote panel for ${member.username} on proposal ${number}: ${JSON.stringify(p && { status: p.status, window: p.window, height: p.currentHeight, my: p.my })}`,
      { cause: e },
    );
  });
  await panel.locator(`label:has([data-testid="choice-${choice}"])`).click();
  await panel.locator('[data-testid="vote-reason"]').fill(reason);
  await panel.locator('[data-testid="submit-vote"]').click();
  await page
    .locator('.ant-message', { hasText: 'please post your vote to the chain' })
    .waitFor({ timeout: 10_000 });
  await panel.locator('[data-testid="post-vote"]').click();
  await approveDialogQr(page, site, member.wallet);
}

/**
 * Runs `fn` with the local chain's block production held (anvil's interval mining off), then resumes 1-second
 * blocks. The stack's windows are 60 blocks so that whole cycles fit in a test run; several members voting on
 * their pages take longer than that on two busy cores, so a test holds the chain while they vote. Their votes
 * wait in the mempool (rows show "chaining") and are mined as soon as blocks resume.
 */
export async function withBlocksHeld<T>(site: E2eSite, fn: () => Promise<T>): Promise<T> {
  const chain = createProvider(site.chainRpcUrl);
  await chain.send('evm_setIntervalMining', [0]);
  try {
    return await fn();
  } finally {
    await chain.send('evm_setIntervalMining', [1]);
    chain.destroy();
  }
}

/** Current chain height from the api. */
export const chainHeight = async (site: E2eSite) =>
  (await call<{ height: number }>(site, '/api/chain/head')).height;

/** A JSON-RPC call to the stack's local chain (anvil). */
export async function chainRpc<T>(site: E2eSite, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(site.chainRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

/** Mines the local chain up to `height` (nothing when it is already there). */
export async function mineTo(site: E2eSite, height: number): Promise<void> {
  const now = Number(BigInt(await chainRpc<string>(site, 'eth_blockNumber', [])));
  if (height > now) await chainRpc(site, 'anvil_mine', [`0x${(height - now + 1).toString(16)}`]);
}

/** A wallet action through the api, answered by the member's dev wallet like a phone; throws when refused. */
export async function signedByWallet(
  site: E2eSite,
  member: Pick<Member, 'token' | 'wallet'>,
  action: string,
  params: Record<string, unknown>,
): Promise<void> {
  const req = await call<{ url: string }>(site, '/api/wallet/requests', {
    method: 'POST',
    token: member.token,
    body: { action, params },
  });
  const answer = await approveAsPhone(site, req.url, member.wallet);
  if (answer.status !== 200) throw new Error(`${action} refused: ${JSON.stringify(answer.body)}`);
}

/**
 * A suggestion made into a proposal through the api: the author signs it, the first council member registers it;
 * returns the proposal number once it is on chain, with its windows.
 */
export async function proposeByApi(
  site: E2eSite,
  author: Member,
  member: Member,
  s: { _id: string; number: number },
) {
  await signedByWallet(site, author, 'sign-suggestion', { suggestionId: s._id });
  await signedByWallet(site, member, 'make-proposal', { ref: s._id });
  const number = await until(
    'proposal made',
    async () =>
      (await call<{ proposalNumber: number | null }>(site, `/api/suggestion/${s.number}`)).proposalNumber ??
      0,
    (n) => n > 0,
    20_000,
  );
  return waitRegistered(site, number).then((registered) => ({ number, registered }));
}

/**
 * A suggestion passed through the api (no pages): proposed, yes votes of `council` (at least eight) posted on
 * chain, both windows mined through, ACTIVE. Returns the proposal number and id.
 */
export async function passByApi(
  site: E2eSite,
  author: Member,
  council: Member[],
  s: { _id: string; number: number },
  reason = 'Budget and milestones reviewed.',
) {
  const { number, registered } = await proposeByApi(site, author, council[0]!, s);
  for (const m of council) {
    await call(site, `/api/proposals/${number}/vote`, {
      method: 'PUT',
      token: m.token,
      body: { choice: 'yes', reason },
    });
    await signedByWallet(site, m, 'vote', { proposalId: registered._id });
  }
  const at = (status: string) =>
    until(
      status,
      () => proposal(site, number),
      (p) => p.status === status,
      60_000,
    );
  await until(
    'yes votes on chain',
    () => proposal(site, number),
    (p) => p.votes.filter((v) => v.chainStatus === 'chained').length === council.length,
    60_000,
  );
  await mineTo(site, registered.window.votingEndHeight!);
  await at('NOTIFICATION');
  await mineTo(site, registered.window.vetoEndHeight!);
  await at('ACTIVE');
  return { number, id: registered._id };
}
