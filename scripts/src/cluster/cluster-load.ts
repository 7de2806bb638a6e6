// `npm run cluster -- --load`: a mixed load over every api instance of the cluster (connections spread evenly over
// them): suggestion lists, searches, details, comment threads, proposal lists, comments, likes and wallet requests,
// as many members, for a fixed time. Reports errors (must be 0) and p50/p95/p99 of each kind.
import { and, like, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { suggestions, users } from '@cr/core/db/schema';
import { issueToken } from '@cr/api/modules/session/session.service';
// The seed's members (scripts/src/seed/seed.ts SEED_EMAIL_DOMAIN; that module runs the seed when imported).
const SEED_EMAIL_DOMAIN = 'seed.example.org';
import { runLoad, type LoadResult } from '../bench/load-loop';

interface Req {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

const WORDS = [
  'wallet',
  'community',
  'bridge',
  'elastos',
  'node',
  'audit',
  '社区',
  '钱包',
  'DAO',
  'marketing',
];

/** The request mix, drawn from the seeded data (run `npm run seed` first; the cluster does when it is empty). */
export async function mixedRequests(db: Db, opts: { members?: number } = {}): Promise<Req[]> {
  const ids = (
    await db
      .select({ id: suggestions.id })
      .from(suggestions)
      .where(sql`${suggestions.status} = 'ACTIVE'`)
      .orderBy(sql`random()`)
      .limit(400)
  ).map((r) => r.id);
  if (ids.length < 50) throw new Error('Seed first: npm run seed -- --suggestions 1000');
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(like(users.email, `%@${SEED_EMAIL_DOMAIN}`)))
    .orderBy(sql`random()`)
    .limit(opts.members ?? 100);
  const tokens: string[] = [];
  for (const m of members) tokens.push((await issueToken(db, m.id, 'password')).token);
  if (tokens.length < 10) throw new Error('Seed first: npm run seed (no seed members)');

  const out: Req[] = [];
  // Writes pair each member with its own suggestions, so two connections rarely touch the same like at once.
  for (let i = 0; i < 400; i++) {
    const id = ids[i % ids.length]!;
    const token = tokens[i % tokens.length]!;
    const word = WORDS[i % WORDS.length]!;
    out.push({ kind: 'list', method: 'GET', path: `/api/suggestion?page=${(i % 20) + 1}&results=10` });
    out.push({ kind: 'search', method: 'GET', path: `/api/suggestion?search=${encodeURIComponent(word)}` });
    out.push({ kind: 'detail', method: 'GET', path: `/api/suggestion/${id}` });
    out.push({ kind: 'comments', method: 'GET', path: `/api/suggestion/${id}/comments` });
    if (i % 4 === 0)
      out.push({ kind: 'proposal list', method: 'GET', path: `/api/proposals?page=${(i % 5) + 1}` });
    if (i % 2 === 0)
      out.push({
        kind: 'comment',
        method: 'POST',
        path: `/api/suggestion/${id}/comments`,
        token,
        body: { body: `Load comment ${i}: the cluster answers from either instance.` },
      });
    out.push({ kind: 'like', method: 'POST', path: `/api/suggestion/${id}/like`, token });
    if (i % 2 === 1)
      out.push({
        kind: 'wallet request',
        method: 'POST',
        path: '/api/wallet/requests',
        body: { action: 'login' },
      });
  }
  return out;
}

export async function runMixedLoad(opts: {
  db: Db;
  apiUrls: string[];
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const reqs = await mixedRequests(opts.db);
  // A short warm-up (each instance's caches and connection pools), not counted.
  await runLoad({
    baseUrl: opts.apiUrls[0]!,
    extraBaseUrls: opts.apiUrls.slice(1),
    paths: reqs.filter((r) => r.method === 'GET').map((r) => r.path),
    concurrency: 10,
    maxRequests: 500,
    maxMs: 10_000,
  });
  return runLoad({
    baseUrl: opts.apiUrls[0]!,
    extraBaseUrls: opts.apiUrls.slice(1),
    paths: reqs.map((r) => r.path),
    methods: reqs.map((r) => r.method),
    bodies: reqs.map((r) => r.body),
    pathHeaders: reqs.map((r) => (r.token ? { 'api-token': r.token } : undefined)),
    kinds: reqs.map((r) => r.kind),
    concurrency: opts.connections,
    maxRequests: Number.MAX_SAFE_INTEGER,
    maxMs: opts.seconds * 1000,
  });
}

export function formatLoad(result: LoadResult, opts: { connections: number; apis: number }): string[] {
  const f = (n: number) => n.toFixed(1).padStart(8);
  const lines = [
    `mixed load: ${opts.connections} connections over ${opts.apis} api instances, ${result.seconds.toFixed(1)} s`,
    `  total: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, errors ${result.errors}` +
      (result.errors ? ` ${JSON.stringify(result.statuses)}` : ''),
    `  ${'kind'.padEnd(16)}${'requests'.padStart(9)}${'errors'.padStart(8)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}`,
  ];
  for (const [kind, k] of Object.entries(result.byKind))
    lines.push(
      `  ${kind.padEnd(16)}${String(k.requests).padStart(9)}${String(k.errors).padStart(8)}${f(k.p50)}${f(k.p95)}${f(k.p99)}`,
    );
  lines.push(
    `  ${'all'.padEnd(16)}${String(result.requests).padStart(9)}${String(result.errors).padStart(8)}${f(result.p50)}${f(result.p95)}${f(result.p99)}`,
  );
  return lines;
}
