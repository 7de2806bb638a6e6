// Seed proposals for the list benchmark: signed seed suggestions made into proposals by the seed council, statuses
// spread over the lifecycle. They carry no chain facts: never registered (no register action, transaction, block
// heights or term), no chain head, no council seats. Their votes (by the members the chain seated, one per seat; by
// the seed council where no chain ever seated anyone) are saved on the site and never posted, so none is "On
// chain" and the tallies, which count chained votes, stay at zero. The proposal page says so (a proposal past DRAFT
// without any registration). Registering them would need the council's signatures for thousands of proposals: the
// demo DAO (npm run demo) is the one played on chain.
import { randomBytes } from 'node:crypto';
import { keccak256, toUtf8Bytes } from 'ethers';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalStatus } from '@cr/contract/proposal.contract';
import {
  councilMembers,
  councilTerms,
  proposalVotes,
  proposals,
  suggestions,
  suggestionTags,
  users,
} from '@cr/core/db/schema';
import { searchDocument } from '@cr/core/db/text-search';
import { kindOfType } from '@cr/api/modules/proposal-record/proposal-terms';
import { int, pick, type Rand } from './seed-text';

const BATCH = 250;
/** The dev chain's id (npm start's anvil); bench:api runs the api with it. */
export const SEED_CHAIN_ID = 31337;
const REASONS = [
  'The budget is reasonable and the milestones are verifiable.',
  'Strong team with a track record; the plan is clear.',
  'The scope is too broad for the requested budget.',
  'Conflict of interest: I advise one of the team members.',
  '预算合理，里程碑清晰，支持。',
  '计划过于笼统，需要更详细的交付物。',
  'Good for the ecosystem, but the timeline is optimistic.',
];

/**
 * The 12 seed council members (role COUNCIL on the site; given DIDs when they have none): the proposers. Seats on
 * chain are not theirs to claim: nothing here seats anyone.
 */
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
  return council.map((c) => ({ ...c, did: c.did! }));
}

/**
 * Who has a (saved, never posted) vote on a seed proposal: the members the chain index seated in its latest term,
 * one each, with their site accounts when they have one. No term indexed (a database that never ran with a chain,
 * e.g. bench:api's): the 12 seed council members, one per seat of the default 12, as the benchmark reads them.
 */
async function seatedVoters(db: Db, seedCouncil: Array<{ id: string; did: string }>) {
  const [term] = await db
    .select({ term: councilTerms.term, seats: councilTerms.seats })
    .from(councilTerms)
    .orderBy(desc(councilTerms.term))
    .limit(1);
  if (!term)
    return {
      seats: 12,
      voters: seedCouncil.slice(0, 12).map((c) => ({
        memberId: keccak256(toUtf8Bytes(c.did)).toLowerCase(),
        did: c.did,
        userId: c.id as string | null,
      })),
    };
  const seated = await db
    .select({ memberId: councilMembers.memberId, did: councilMembers.did, userId: users.id })
    .from(councilMembers)
    .leftJoin(users, eq(users.did, councilMembers.did))
    .where(eq(councilMembers.term, term.term))
    .limit(term.seats);
  return { seats: term.seats, voters: seated };
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
  const { seats, voters } = await seatedVoters(db, council);
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
          // Never registered: no register action, status, transaction, term or window heights.
          registerChainStatus: null,
          registerTxHash: null,
          term: null,
          registeredHeight: null,
          votingEndHeight: null,
          vetoEndHeight: null,
          seats,
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
        return voters.map((c) => {
          const choice = r() < yesShare ? 'yes' : r() < 0.6 ? 'oppose' : 'abstain';
          return {
            proposalId: p.id,
            memberId: c.memberId,
            memberDid: c.did,
            userId: c.userId,
            choice: choice as 'yes',
            reason: pick(r, REASONS),
            version: 1,
            votedAt: new Date(rows[i]!.createdAt.getTime() + int(r, 1, 72) * 3_600_000),
            // Saved on the site, never posted: no transaction, nothing counted as on chain.
            chainStatus: 'unchain' as const,
          };
        });
      });
      if (votes.length > 0) await tx.insert(proposalVotes).values(votes);
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
      log(
        `${done} proposals × ${voters.length} saved votes (${Math.round(done / ((Date.now() - started) / 1000))}/s)`,
      );
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
