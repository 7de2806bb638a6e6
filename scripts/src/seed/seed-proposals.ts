// Seed proposals for the list benchmark: signed seed suggestions made into proposals by the seed council, each
// with 12 council votes (choice, reason, chained), statuses spread over the lifecycle, tallies and windows set.
import { randomBytes } from 'node:crypto';
import { keccak256, toUtf8Bytes } from 'ethers';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/api/db/db-client';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import {
  chainHead,
  councilMembers,
  councilTerms,
  proposalVotes,
  proposals,
  suggestions,
  suggestionTags,
  users,
} from '@cr/api/db/schema';
import { searchDocument } from '@cr/api/db/text-search';
import { kindOfType } from '@cr/api/modules/proposal-record/proposal-terms';
import { int, pick, type Rand } from './seed-text';

const BATCH = 250;
/** The dev chain's id (npm start's anvil); bench:api runs the api with it. */
export const SEED_CHAIN_ID = 31337;
const V = 5_040; // production window: 7 days at 2-minute blocks
const REASONS = [
  'The budget is reasonable and the milestones are verifiable.',
  'Strong team with a track record; the plan is clear.',
  'The scope is too broad for the requested budget.',
  'Conflict of interest: I advise one of the team members.',
  '预算合理，里程碑清晰，支持。',
  '计划过于笼统，需要更详细的交付物。',
  'Good for the ecosystem, but the timeline is optimistic.',
];

/** The 12 seed council members (role COUNCIL), given DIDs when they have none, seated in term 1 if none is. */
async function seedCouncil(db: Db, domain: string) {
  const council = await db
    .select({ id: users.id, did: users.did })
    .from(users)
    .where(and(eq(users.role, 'COUNCIL'), sql`${users.email} like ${'%@' + domain}`))
    .limit(12);
  if (council.length < 12) throw new Error('Seed members first: the first 12 seed members are the council.');
  for (const c of council)
    if (!c.did) {
      c.did = `did:elastos:i${randomBytes(20).toString('hex').replace(/[0l]/g, 'a')}`;
      await db.update(users).set({ did: c.did, didBoundAt: new Date() }).where(eq(users.id, c.id));
    }
  const [term] = await db.select({ term: councilTerms.term }).from(councilTerms).limit(1);
  if (!term) {
    await db.insert(councilTerms).values({
      term: 1,
      startHeight: 1,
      endHeight: 1 + 262_800,
      electionStartHeight: 1 + 262_800 - 21_900,
      seats: 12,
      seated: 12,
    });
    await db.insert(councilMembers).values(
      council.map((c) => ({
        term: 1,
        memberId: keccak256(toUtf8Bytes(c.did!)).toLowerCase(),
        did: c.did!,
        qx: `0x${'11'.repeat(32)}`,
        qy: `0x${'22'.repeat(32)}`,
        seatedHeight: 1,
      })),
    );
  }
  return council.map((c) => ({ ...c, did: c.did!, memberId: keccak256(toUtf8Bytes(c.did!)).toLowerCase() }));
}

export async function seedProposals(
  db: Db,
  r: Rand,
  count: number,
  domain: string,
  log: (s: string) => void,
) {
  if (count === 0) return;
  const council = await seedCouncil(db, domain);
  // A chain head for the dev chain id, so windows and "unvoted by me" have a height (the watcher replaces it).
  await db
    .insert(chainHead)
    .values({
      chainId: SEED_CHAIN_ID,
      height: 1_000 + count * 40,
      hash: `0x${'00'.repeat(32)}`,
      avgBlockMs: 120_000,
    })
    .onConflictDoNothing();
  const started = Date.now();
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  let done = 0;
  while (done < count) {
    const n = Math.min(BATCH, count - done);
    const picked = await db
      .select({
        id: suggestions.id,
        title: suggestions.title,
        abstract: suggestions.abstract,
        type: suggestions.type,
        content: suggestions.content,
        budgetTotal: suggestions.budgetTotal,
        draftHash: suggestions.draftHash,
        authorId: suggestions.authorId,
        signerDid: suggestions.signerDid,
        signature: suggestions.signature,
      })
      .from(suggestions)
      .where(
        and(
          eq(suggestions.signed, true),
          eq(suggestions.status, 'ACTIVE'),
          isNull(suggestions.proposalNumber),
        ),
      )
      .orderBy(suggestions.number)
      .limit(n);
    if (picked.length === 0)
      throw new Error(`Only ${done} signed suggestions were free: seed more suggestions.`);
    await db.transaction(async (tx) => {
      const nums = await tx
        .select({ n: sql<string>`nextval('proposal_number_seq')` })
        .from(sql`generate_series(1, ${picked.length})`);
      const rows = picked.map((s, i) => {
        const index = done + i;
        const createdAt = new Date(now - span + (index / count) * span);
        const head = 1_000 + count * 40;
        const registered =
          index > count - 60 && index <= count - 30 ? head - V - 100 + (index % 30) : 1_000 + index * 40;
        const x = r();
        // Mostly decided; the newest few still in their windows.
        const status =
          index > count - 30
            ? 'PROPOSED'
            : index > count - 60
              ? 'NOTIFICATION'
              : x < 0.55
                ? 'ACTIVE'
                : x < 0.75
                  ? 'REJECT'
                  : x < 0.88
                    ? 'FINAL'
                    : x < 0.94
                      ? 'INCOMPLETED'
                      : x < 0.97
                        ? 'VETOED'
                        : 'DEFERRED';
        const proposer = pick(r, council);
        return {
          number: Number(nums[i]!.n),
          status: status as ProposalStatus,
          kind: kindOfType(s.type),
          type: s.type,
          title: s.title,
          titleSearch: searchDocument(s.title),
          abstract: s.abstract,
          goal: s.content.goal ?? null,
          motivation: s.content.motivation,
          suggestionContent: s.content,
          budgetTotal: s.budgetTotal,
          suggestionId: s.id,
          ownerId: s.authorId,
          proposerId: proposer.id,
          proposerDid: proposer.did,
          draftHash: `0x${s.draftHash}`,
          ownerDid: s.signerDid,
          ownerSignature: s.signature,
          registerChainStatus: 'chained' as const,
          registerTxHash: `0x${randomBytes(32).toString('hex')}`,
          term: 1,
          registeredHeight: registered,
          votingEndHeight: registered + V,
          vetoEndHeight: registered + 2 * V,
          seats: 12,
          publishedAt: createdAt,
          statusChangedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        };
      });
      const inserted = await tx
        .insert(proposals)
        .values(rows)
        .returning({ id: proposals.id, number: proposals.number });
      const votes = inserted.flatMap((p, i) => {
        const yesShare = rows[i]!.status === 'REJECT' ? 0.4 : 0.8;
        return council.map((c) => {
          const choice = r() < yesShare ? 'yes' : r() < 0.6 ? 'oppose' : 'abstain';
          return {
            proposalId: p.id,
            memberId: c.memberId,
            memberDid: c.did,
            userId: c.id,
            choice: choice as 'yes',
            reason: pick(r, REASONS),
            version: 1,
            votedAt: new Date(rows[i]!.createdAt.getTime() + int(r, 1, 72) * 3_600_000),
            chainStatus: 'chained' as const,
            txHash: `0x${randomBytes(32).toString('hex')}`,
            chainedChoice: choice as 'yes',
            chainedNonce: 1,
            chainedAt: rows[i]!.createdAt,
          };
        });
      });
      await tx.insert(proposalVotes).values(votes);
      const ids = inserted.map((p) => p.id);
      await tx.execute(sql`
        update proposals p set
          yes_count = (select count(*) from proposal_votes v where v.proposal_id = p.id and v.chained_choice = 'yes'),
          oppose_count = (select count(*) from proposal_votes v where v.proposal_id = p.id and v.chained_choice = 'oppose'),
          abstain_count = (select count(*) from proposal_votes v where v.proposal_id = p.id and v.chained_choice = 'abstain')
        where p.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
      for (const [i, p] of inserted.entries())
        await tx
          .update(suggestions)
          .set({ proposalNumber: p.number, proposalHash: rows[i]!.draftHash })
          .where(eq(suggestions.id, picked[i]!.id));
      await tx
        .insert(suggestionTags)
        .values(picked.map((s) => ({ suggestionId: s.id, type: 'ADDED_TO_PROPOSAL' as const })))
        .onConflictDoNothing();
    });
    done += picked.length;
    if (done % 1_000 === 0 || done === count)
      log(`${done} proposals × 12 votes (${Math.round(done / ((Date.now() - started) / 1000))}/s)`);
  }
}

/** Removes seed proposals (made by seed council members) and their votes. */
export async function resetSeedProposals(db: Db, domain: string) {
  const seedCouncil = db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} like ${'%@' + domain}`);
  await db.delete(proposals).where(inArray(proposals.proposerId, seedCouncil));
}
