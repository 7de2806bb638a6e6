// `npm run seed -- --suggestions 100000`: realistic English and Chinese suggestions with authors, versions,
// signatures, comments, likes, follows and tags, written in batched transactions. Against DATABASE_URL (also while
// a stack runs on it), or the PGlite database in DATA_DIR, which it refuses while `npm start` runs there (PGlite has
// one writer). Its proposals carry no chain facts (seed-proposals.ts); the demo DAO (npm run demo) is on chain.
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { base58Encode } from '@cr/contract/address';
import { suggestionDraftHash } from '@cr/contract/suggestion-hash';
import { openDatabase, type Db } from '@cr/core/db/db-client';
import {
  suggestionComments,
  suggestionReactions,
  suggestionSubscriptions,
  suggestionTags,
  suggestionVersions,
  suggestions,
  users,
} from '@cr/core/db/schema';
import { contentColumns } from '@cr/api/modules/suggestion/suggestion.repo';
import { suggestionStatement } from '@cr/api/modules/suggestion/sign-suggestion.action';
import { createDiskStorage } from '@cr/api/modules/upload/file-storage';
import { giveAvatar } from '../stack/dev-accounts';
import { loadSeedConfig } from './seed-config';
import { resetSeedProposals, seedProposals } from './seed-proposals';
import { seedContent } from './seed-content';
import { seedTasks, seedTeams } from './seed-developer';
import { COMMENTS_EN, COMMENTS_ZH, int, personName, pick, seededRandom, type Rand } from './seed-text';

export const SEED_EMAIL_DOMAIN = 'seed.example.org';
/** Seed members with a generated avatar (the first ones: the seed council, the secretary, early members). */
const AVATARS = 60;
const BATCH = 500;

type SeedRow = ReturnType<typeof contentColumns> & {
  number: number;
  authorId: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'CANCELLED' | 'ABUSED';
  abuseStatus: 'REPORTED' | 'HANDLED' | null;
  signed: boolean;
  signature: string | null;
  signerDid: string | null;
  signerPublicKey: string | null;
  signedStatement: string | null;
  signedAt: Date | null;
  likesNum: number;
  dislikesNum: number;
  viewsNum: number;
  commentsNum: number;
  activeness: number;
  createdAt: Date;
  updatedAt: Date;
};

interface SeedUser {
  id: string;
  username: string;
  did: string | null;
  key: KeyObject | null;
  publicKeyBase58: string | null;
}

/** A P-256 key and its compressed public key in Base58: seed signatures are real signatures by seed keys. */
function seedKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  const compressed = Buffer.concat([Buffer.from([y[y.length - 1]! % 2 === 0 ? 2 : 3]), x]);
  return { privateKey, publicKeyBase58: base58Encode(compressed) };
}

async function resetSeed(db: Db) {
  await resetSeedProposals(db, SEED_EMAIL_DOMAIN);
  const seedUsers = sql`(select id from users where email like ${'%@' + SEED_EMAIL_DOMAIN})`;
  await db.execute(sql`delete from suggestion_comments where author_id in ${seedUsers}`);
  await db.execute(sql`delete from suggestions where author_id in ${seedUsers}`);
  await db.execute(sql`delete from users where email like ${'%@' + SEED_EMAIL_DOMAIN}`);
}

async function seedUsers(db: Db, r: Rand, count: number): Promise<SeedUser[]> {
  const tag = randomBytes(3).toString('hex');
  const out: SeedUser[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    const keys: (ReturnType<typeof seedKey> | null)[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const name = personName(r, i);
      const signer = r() < 0.5;
      const key = signer ? seedKey() : null;
      keys.push(key);
      rows.push({
        username: `${name.username}_${tag}`,
        email: `${name.username}_${tag}@${SEED_EMAIL_DOMAIN}`,
        firstName: name.firstName,
        lastName: name.lastName,
        country: pick(r, ['SG', 'CN', 'US', 'DE', 'BR', 'JP']),
        role: i < 12 ? 'COUNCIL' : i === 12 ? 'SECRETARY' : 'MEMBER',
        did: key ? `did:elastos:i${randomBytes(20).toString('hex').replace(/[0l]/g, 'a')}` : null,
        didBoundAt: key ? new Date() : null,
      });
    }
    const inserted = await db
      .insert(users)
      .values(rows)
      .returning({ id: users.id, username: users.username, did: users.did });
    inserted.forEach((u, j) =>
      out.push({ ...u, key: keys[j]?.privateKey ?? null, publicKeyBase58: keys[j]?.publicKeyBase58 ?? null }),
    );
  }
  return out;
}

async function seedSuggestions(
  db: Db,
  r: Rand,
  members: SeedUser[],
  count: number,
  log: (s: string) => void,
) {
  const now = Date.now();
  const span = 3 * 365 * 86_400_000;
  const started = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    await db.transaction(async (tx) => {
      const nums = await tx
        .select({ n: sql<string>`nextval('suggestion_number_seq')` })
        .from(sql`generate_series(1, ${n})`);
      const numbers = nums.map((x) => Number(x.n));
      const rows: SeedRow[] = [];
      const extra: {
        comments: number;
        reactions: { userId: string; kind: 'like' | 'dislike' }[];
        subs: string[];
      }[] = [];
      for (let i = 0; i < n; i++) {
        const createdAt = now - span + ((start + i) / count) * span;
        const author = pick(r, members);
        const content = seedContent(r, createdAt);
        const number = numbers[i]!;
        const draftHash = suggestionDraftHash(number, content);
        const s = r();
        const status: SeedRow['status'] =
          s < 0.88 ? 'ACTIVE' : s < 0.94 ? 'ARCHIVED' : s < 0.98 ? 'CANCELLED' : 'ABUSED';
        const signed = !!author.key && r() < 0.7;
        const statement = signed
          ? suggestionStatement({
              username: author.username,
              number,
              title: content.title,
              version: 1,
              draftHash,
            })
          : null;
        const reactions = new Map<string, 'like' | 'dislike'>();
        for (let k = int(r, 0, 8); k > 0; k--)
          reactions.set(pick(r, members).id, r() < 0.8 ? 'like' : 'dislike');
        const comments = Math.floor(r() * r() * 6);
        const views = Math.floor(r() * r() * r() * 2000);
        const subs = [...new Set(Array.from({ length: int(r, 0, 2) }, () => pick(r, members).id))];
        const likes = [...reactions.values()].filter((k) => k === 'like').length;
        extra.push({ comments, reactions: [...reactions].map(([userId, kind]) => ({ userId, kind })), subs });
        rows.push({
          number,
          authorId: author.id,
          ...contentColumns(content, draftHash),
          status,
          abuseStatus: status === 'ABUSED' ? ('HANDLED' as const) : r() < 0.01 ? ('REPORTED' as const) : null,
          signed,
          signature: signed
            ? sign('sha256', Buffer.from(statement!), {
                key: author.key!,
                dsaEncoding: 'ieee-p1363',
              }).toString('hex')
            : null,
          signerDid: signed ? author.did : null,
          signerPublicKey: signed ? author.publicKeyBase58 : null,
          signedStatement: statement,
          signedAt: signed ? new Date(createdAt + 3_600_000) : null,
          likesNum: likes,
          dislikesNum: reactions.size - likes,
          viewsNum: views,
          commentsNum: comments,
          activeness: views + 2 * reactions.size + 3 * comments,
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt),
        });
      }
      const inserted = await tx
        .insert(suggestions)
        .values(rows)
        .returning({ id: suggestions.id, authorId: suggestions.authorId, signed: suggestions.signed });
      await tx.insert(suggestionVersions).values(
        inserted.map((s, i) => ({
          suggestionId: s.id,
          version: 1,
          title: rows[i]!.title,
          type: rows[i]!.type,
          content: rows[i]!.content,
          draftHash: rows[i]!.draftHash,
          createdBy: s.authorId,
          createdAt: rows[i]!.createdAt,
        })),
      );
      const comments = inserted.flatMap((s, i) =>
        Array.from({ length: extra[i]!.comments }, (_, k) => ({
          suggestionId: s.id,
          authorId: pick(r, members).id,
          body: r() < 0.3 ? pick(r, COMMENTS_ZH) : pick(r, COMMENTS_EN),
          createdAt: new Date(rows[i]!.createdAt.getTime() + (k + 1) * 3_600_000),
        })),
      );
      if (comments.length) await tx.insert(suggestionComments).values(comments);
      const reactions = inserted.flatMap((s, i) =>
        extra[i]!.reactions.map((x) => ({ suggestionId: s.id, ...x })),
      );
      if (reactions.length) await tx.insert(suggestionReactions).values(reactions);
      const subs = inserted.flatMap((s, i) =>
        extra[i]!.subs.map((userId) => ({ suggestionId: s.id, userId })),
      );
      if (subs.length) await tx.insert(suggestionSubscriptions).values(subs).onConflictDoNothing();
      const tags = inserted
        .filter((s) => s.signed && r() < 0.15)
        .map((s) => ({
          suggestionId: s.id,
          type: (r() < 0.7 ? 'UNDER_CONSIDERATION' : 'INFO_NEEDED') as 'INFO_NEEDED',
        }));
      if (tags.length) await tx.insert(suggestionTags).values(tags).onConflictDoNothing();
    });
    const done = start + n;
    if (done % 10_000 === 0 || done === count)
      log(`${done} suggestions (${Math.round(done / ((Date.now() - started) / 1000))}/s)`);
  }
}

/** The process id of an `npm start` running on `dataDir` (its dev chain advertises itself there), or null. */
export function runningStackPid(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(fs.readFileSync(path.join(dataDir, 'chain', 'endpoint.json'), 'utf8')) as {
      pid?: number;
    };
    if (!pid || pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // no file, or its process is gone
  }
}

async function main() {
  const config = loadSeedConfig();
  const log = (s: string) => console.log(`seed: ${s}`);
  const dataDir = path.dirname(config.pgliteDir);
  const pid = config.databaseUrl ? null : runningStackPid(dataDir);
  if (pid !== null) {
    console.error(
      `npm start is running on ${dataDir} (process ${pid}) and holds its PGlite database, which has one writer.\n` +
        'Stop it and seed again, or seed a stack on PostgreSQL (DATABASE_URL), which may run meanwhile.\n' +
        'For a demo DAO on the running stack, on chain, use npm run demo.',
    );
    process.exit(2);
  }
  log(`opening ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`}`);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const db = handle.db;
    const r = seededRandom(config.seed);
    if (config.reset) {
      log('removing earlier seed data');
      await resetSeed(db);
    }
    const started = Date.now();
    const members = await seedUsers(db, r, config.users);
    // The seed council, its secretary and the first members get generated avatars; most people have none.
    const storage = createDiskStorage(config.uploadsDir);
    for (const m of members.slice(0, AVATARS)) await giveAvatar(db, storage, m.id, m.username);
    log(`${members.length} members, ${Math.min(AVATARS, members.length)} with avatars`);
    await seedSuggestions(db, r, members, config.suggestions, log);
    await seedProposals(db, r, config.proposals, SEED_EMAIL_DOMAIN, log);
    if (config.teams) await seedTeams(db, r, members, config.teams, log);
    if (config.tasks) await seedTasks(db, r, members, config.tasks, log);
    // Sets the visibility map too, so counts can be answered from indexes alone.
    await db.execute(sql`vacuum analyze`);
    log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
