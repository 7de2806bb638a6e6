// Relayed council votes during the cluster's mixed load (`npm run cluster -- --load`): the dev council's twelve
// wallets vote on a proposal registered on the cluster's chain just before the load, again and again, as phones
// would: the vote and its reason through the api, a wallet request, the DID-signed callback (to the proxy, so to
// either api), then the workers relay it and the chain's event marks it chained. Each member waits for its vote to
// be chained before changing it, so every posted vote is counted: accepted, chained, or stuck.
import { eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';
import { issueToken } from '@cr/api/modules/session/session.service';
import { postCallback, prepareApproval } from '@cr/did/wallet/wallet-approve';
import { quantile } from '../bench/load-loop';
import { seedContent } from '../seed/seed-content';
import { seededRandom } from '../seed/seed-text';

interface Envelope<T> {
  code: number;
  data: T;
  error?: { type: string; message: string };
}

interface Phone {
  wallet: string;
  token: string;
}

export interface VoteStepTimes {
  /** PUT the choice and reason. */
  vote: number[];
  /** POST the wallet request (the QR's contents). */
  request: number[];
  /** POST the signed callback, as Essentials does. */
  callback: number[];
  /** Callback accepted → the proposal shows the vote chained. */
  chained: number[];
}

export interface VoteRunResult {
  proposalNumber: number;
  posted: number;
  chained: number;
  errors: string[];
  stuck: number;
  times: VoteStepTimes;
}

const CHAINED_WITHIN_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { 'api-token': init.token } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok || json.code <= 0)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${json.error?.type ?? ''}`);
  return json.data;
}

/** A wallet action answered by the member's dev wallet; the time of the callback POST alone is returned. */
async function signAndPost(
  baseUrl: string,
  phone: Phone,
  action: string,
  params: Record<string, unknown>,
  wallets: { walletDir: string; resolverUrl: string },
): Promise<{ requestMs: number; callbackMs: number }> {
  let t = performance.now();
  const req = await call<{ url: string }>(baseUrl, '/api/wallet/requests', {
    method: 'POST',
    token: phone.token,
    body: { action, params },
  });
  const requestMs = performance.now() - t;
  const prepared = await prepareApproval(req.url, phone.wallet, wallets);
  t = performance.now();
  const res = await postCallback(prepared.callbackUrl, prepared.body);
  const callbackMs = performance.now() - t;
  if (res.status !== 200) throw new Error(`${action} callback: ${res.status} ${JSON.stringify(res.body)}`);
  return { requestMs, callbackMs };
}

interface ProposalView {
  _id: string;
  number: number;
  chainStatus: string;
  window: { votingEndHeight: number | null };
  votes: { member: { did: string }; chainStatus: string | null; chainedChoice: string | null }[];
}

/** Sessions for the dev council's accounts (username = wallet name), issued like a QR sign-in would. */
export async function councilPhones(db: Db, walletNames: string[]): Promise<Phone[]> {
  const phones: Phone[] = [];
  for (const wallet of walletNames) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.username, wallet));
    if (!u) throw new Error(`no account for the dev wallet ${wallet}`);
    phones.push({ wallet, token: (await issueToken(db, u.id, 'did')).token });
  }
  return phones;
}

/**
 * A proposal on the cluster's chain with its voting window open: the first council member writes a suggestion,
 * signs it and makes it a proposal; returns once it is registered.
 */
export async function registerProposal(
  baseUrl: string,
  author: Phone,
  wallets: { walletDir: string; resolverUrl: string },
): Promise<ProposalView> {
  const r = seededRandom(Date.now() % 100_000);
  // A new motion within the dev treasury's per-proposal cap (10,000 ELA): the contract refuses a larger budget.
  const fits = (c: ReturnType<typeof seedContent>) =>
    c.type === '1' && Number(c.budget?.total ?? Infinity) <= 5000;
  let content = seedContent(r, Date.now());
  while (!fits(content)) content = seedContent(r, Date.now());
  const s = await call<{ _id: string; number: number }>(baseUrl, '/api/suggestion', {
    method: 'POST',
    token: author.token,
    body: { ...content, title: `Cluster load vote ${new Date().toISOString()}` },
  });
  await signAndPost(baseUrl, author, 'sign-suggestion', { suggestionId: s._id }, wallets);
  await signAndPost(baseUrl, author, 'make-proposal', { ref: s._id }, wallets);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { proposalNumber } = await call<{ proposalNumber: number | null }>(
      baseUrl,
      `/api/suggestion/${s.number}`,
    );
    if (proposalNumber) {
      const p = await call<ProposalView>(baseUrl, `/api/proposals/${proposalNumber}`);
      if (p.chainStatus === 'chained' && p.window.votingEndHeight) return p;
    }
    await sleep(250);
  }
  throw new Error('the load proposal was not registered on chain within 60 s');
}

/**
 * Until `until()` says stop: each phone votes (yes / oppose / abstain in turn, a new reason each time), posts it
 * through its wallet, and waits for the proposal to show it chained before the next one.
 */
export async function runRelayedVotes(opts: {
  baseUrl: string;
  proposal: ProposalView;
  phones: Phone[];
  dids: Map<string, string>;
  wallets: { walletDir: string; resolverUrl: string };
  until: () => boolean;
}): Promise<VoteRunResult> {
  const times: VoteStepTimes = { vote: [], request: [], callback: [], chained: [] };
  const errors: string[] = [];
  let posted = 0;
  let chained = 0;
  let stuck = 0;
  const choices = ['yes', 'oppose', 'abstain'] as const;
  const n = opts.proposal.number;
  await Promise.all(
    opts.phones.map(async (phone, i) => {
      const did = opts.dids.get(phone.wallet)!;
      for (let round = 0; !opts.until(); round++) {
        const choice = choices[(i + round) % choices.length]!;
        try {
          let t = performance.now();
          await call(opts.baseUrl, `/api/proposals/${n}/vote`, {
            method: 'PUT',
            token: phone.token,
            body: { choice, reason: `Round ${round}: ${choice}, after reading the plan again.` },
          });
          times.vote.push(performance.now() - t);
          const sent = await signAndPost(
            opts.baseUrl,
            phone,
            'vote',
            { proposalId: opts.proposal._id },
            opts.wallets,
          );
          times.request.push(sent.requestMs);
          times.callback.push(sent.callbackMs);
          posted++;
          t = performance.now();
          const deadline = Date.now() + CHAINED_WITHIN_MS;
          let done = false;
          while (!done && Date.now() < deadline) {
            await sleep(200);
            const p = await call<ProposalView>(opts.baseUrl, `/api/proposals/${n}`);
            const row = p.votes.find((v) => v.member.did === did);
            done = row?.chainStatus === 'chained' && row.chainedChoice === choice;
          }
          if (done) {
            chained++;
            times.chained.push(performance.now() - t);
          } else stuck++;
        } catch (err) {
          errors.push((err as Error).message);
          await sleep(500);
        }
      }
    }),
  );
  return { proposalNumber: n, posted, chained, errors, stuck, times };
}

export function formatVotes(r: VoteRunResult): string[] {
  const f = (xs: number[], q: number) =>
    xs.length
      ? quantile(
          [...xs].sort((a, b) => a - b),
          q,
        )
          .toFixed(1)
          .padStart(8)
      : '       -';
  const row = (name: string, xs: number[]) =>
    `  ${name.padEnd(22)}${String(xs.length).padStart(7)}${f(xs, 0.5)}${f(xs, 0.95)}${f(xs, 0.99)}`;
  return [
    `relayed votes on proposal #${r.proposalNumber} by ${'the dev council'}: posted ${r.posted}, chained ${r.chained}, stuck ${r.stuck}, errors ${r.errors.length}` +
      (r.errors.length ? ` (${[...new Set(r.errors)].slice(0, 3).join('; ')})` : ''),
    `  ${'step'.padEnd(22)}${'count'.padStart(7)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}`,
    row('vote (PUT)', r.times.vote),
    row('wallet request', r.times.request),
    row('wallet callback', r.times.callback),
    row('callback → chained', r.times.chained),
  ];
}
