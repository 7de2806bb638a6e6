import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  getChainAction,
  insertChainAction,
  transitionChainAction,
  updateChainActionFields,
} from '@cr/core/chain/chain-action.repo';
import { CHAIN_TRANSITIONS, CHAIN_STATUSES } from '@cr/core/chain/chain-status';
import { PROPOSAL_STATUSES } from '@cr/contract/proposal.contract';
import { normalizeSuggestionContent } from '@cr/contract/suggestion-content.contract';
import { proposals, suggestions } from '@cr/core/db/schema';
import { IllegalTransitionError } from '@cr/core/db/status-table';
import { PROPOSAL_TRANSITIONS } from '../src/modules/proposal/proposal-rules';
import { moveProposalStatus } from '../src/modules/proposal/proposal.repo';
import { searchDocument } from '@cr/core/db/text-search';
import { moveSuggestionStatus } from '../src/modules/suggestion/suggestion.repo';
import { trackingStatusSchema } from '@cr/contract/proposal-tracking.contract';
import { proposalTracking } from '@cr/core/db/schema/proposal-tracking.schema';
import { TRACKING_TRANSITIONS, moveTrackingStatus } from '../src/modules/proposal-tracking/tracking.repo';
import { makeUser } from './factories';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { suiteDatabase } from './test-database';

// The status tables are enforced by the repo functions that write each status column: these tests move real rows
// through those functions and check that a move the table forbids, or one another process made first, leaves the
// row as it was.

const database = suiteDatabase();

const newAction = () =>
  insertChainAction(database().db, {
    kind: 'test.record',
    subjectType: 'test',
    subjectId: randomUUID(),
    chainId: 31337,
    toAddress: `0x${randomBytes(20).toString('hex')}`,
    data: '0x',
  });

describe('chain action status (transitionChainAction)', () => {
  it('moves along the table and refuses chained → chaining, leaving the row unchanged', async () => {
    const row = await newAction();
    expect(row.status).toBe('unchain');
    const sent = await transitionChainAction(database().db, row.id, 'unchain', 'chaining', {
      txHash: '0x01',
    });
    expect(sent?.status).toBe('chaining');
    const done = await transitionChainAction(database().db, row.id, 'chaining', 'chained', {
      blockNumber: 7,
    });
    expect(done?.status).toBe('chained');

    await expect(
      transitionChainAction(database().db, row.id, 'chained', 'chaining', { txHash: '0x02' }),
    ).rejects.toThrow(IllegalTransitionError);
    expect(await getChainAction(database().db, row.id)).toEqual(done);
  });

  it('refuses every move the table leaves out, before touching the row', async () => {
    for (const from of CHAIN_STATUSES)
      for (const to of CHAIN_STATUSES) {
        if (CHAIN_TRANSITIONS.can(from, to)) continue;
        const row = await newAction();
        await expect(transitionChainAction(database().db, row.id, from, to)).rejects.toThrow(
          IllegalTransitionError,
        );
        expect(await getChainAction(database().db, row.id)).toEqual(row);
      }
  });

  it('lets one of two concurrent moves from the same status win; the other is refused and changes nothing', async () => {
    const row = await newAction();
    const [a, b] = await Promise.all([
      transitionChainAction(database().db, row.id, 'unchain', 'chaining', { txHash: '0xaa' }),
      transitionChainAction(database().db, row.id, 'unchain', 'failed', { failureType: 'chain.refused' }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const now = (await getChainAction(database().db, row.id))!;
    expect(now).toEqual(a ?? b);
    if (a) expect(now.failureType).toBeNull();
    else expect(now.txHash).toBeNull();
  });

  it('a move from a status the row has left is refused (undefined) and the row keeps its state', async () => {
    const row = await newAction();
    const failed = await transitionChainAction(database().db, row.id, 'unchain', 'failed', {
      failureType: 'chain.refused',
    });
    expect(await transitionChainAction(database().db, row.id, 'chaining', 'chained')).toBeUndefined();
    expect(await getChainAction(database().db, row.id)).toEqual(failed);
  });

  it('field updates keep the status and cannot carry one', async () => {
    const row = await newAction();
    const patched = await updateChainActionFields(database().db, row.id, 'unchain', {
      lastError: 'node down',
    });
    expect(patched).toMatchObject({ status: 'unchain', lastError: 'node down' });
    expect(
      await updateChainActionFields(database().db, row.id, 'chaining', { lastError: 'x' }),
    ).toBeUndefined();
    const smuggled = { lastError: 'y', status: 'chained' } as unknown as { lastError: string };
    await expect(updateChainActionFields(database().db, row.id, 'unchain', smuggled)).rejects.toThrow();
    expect((await getChainAction(database().db, row.id))?.status).toBe('unchain');
  });
});

async function newProposal(status: (typeof PROPOSAL_STATUSES)[number]) {
  const { user } = await makeUser(database().db);
  const [row] = await database()
    .db.insert(proposals)
    .values({
      status,
      type: '1',
      title: 'Transition test',
      titleSearch: searchDocument('Transition test'),
      proposerId: user.id,
      draftHash: `0x${randomBytes(32).toString('hex')}`,
    })
    .returning();
  return row!;
}

describe('proposal status (moveProposalStatus)', () => {
  it('follows the contract: PROPOSED → NOTIFICATION → ACTIVE, by draft hash or id', async () => {
    const p = await newProposal('PROPOSED');
    const n = await moveProposalStatus(
      database().db,
      { draftHash: p.draftHash! },
      'PROPOSED',
      'NOTIFICATION',
      {
        vetoThresholdWei: '5',
      },
    );
    expect(n).toMatchObject({ status: 'NOTIFICATION', vetoThresholdWei: '5' });
    expect(n!.statusChangedAt).not.toBeNull();
    expect((await moveProposalStatus(database().db, { id: p.id }, 'NOTIFICATION', 'ACTIVE'))?.status).toBe(
      'ACTIVE',
    );
    const draft = await newProposal('DRAFT');
    expect((await moveProposalStatus(database().db, { id: draft.id }, 'DRAFT', 'PROPOSED'))?.status).toBe(
      'PROPOSED',
    );
  });

  it('refuses every move the table leaves out (e.g. a VETOED one back to ACTIVE), row unchanged', async () => {
    for (const from of PROPOSAL_STATUSES)
      for (const to of PROPOSAL_STATUSES) {
        if (PROPOSAL_TRANSITIONS.can(from, to)) continue;
        const p = await newProposal(from);
        await expect(moveProposalStatus(database().db, { id: p.id }, from, to)).rejects.toThrow(
          IllegalTransitionError,
        );
        const [now] = await database().db.select().from(proposals).where(eq(proposals.id, p.id));
        expect(now).toEqual(p);
      }
  });

  it('a replayed event (the row already left `from`) changes nothing', async () => {
    const p = await newProposal('PROPOSED');
    const rejected = await moveProposalStatus(database().db, { id: p.id }, 'PROPOSED', 'REJECT');
    expect(await moveProposalStatus(database().db, { id: p.id }, 'PROPOSED', 'NOTIFICATION')).toBeUndefined();
    const [now] = await database().db.select().from(proposals).where(eq(proposals.id, p.id));
    expect(now).toEqual(rejected);
  });
});

async function newSuggestion(status: 'ACTIVE' | 'ARCHIVED' | 'CANCELLED' | 'ABUSED') {
  const { user } = await makeUser(database().db);
  const content = normalizeSuggestionContent(newMotion());
  const [row] = await database()
    .db.insert(suggestions)
    .values({
      authorId: user.id,
      type: content.type,
      title: content.title,
      abstract: content.abstract!,
      content,
      titleSearch: searchDocument(content.title),
      abstractSearch: searchDocument(content.abstract!),
      status,
      draftHash: randomBytes(32).toString('hex'),
    })
    .returning();
  return row!;
}

describe('suggestion status (moveSuggestionStatus)', () => {
  it('archives, unarchives and hides with the abuse state in one write', async () => {
    const s = await newSuggestion('ACTIVE');
    expect(await moveSuggestionStatus(database().db, s.id, 'ACTIVE', 'ARCHIVED')).toBe(true);
    expect(
      await moveSuggestionStatus(database().db, s.id, 'ARCHIVED', 'ABUSED', { abuseStatus: 'HANDLED' }),
    ).toBe(true);
    const [now] = await database().db.select().from(suggestions).where(eq(suggestions.id, s.id));
    expect(now).toMatchObject({ status: 'ABUSED', abuseStatus: 'HANDLED' });
  });

  it('refuses CANCELLED → ACTIVE and ABUSED → ACTIVE, row unchanged', async () => {
    for (const from of ['CANCELLED', 'ABUSED'] as const) {
      const s = await newSuggestion(from);
      await expect(moveSuggestionStatus(database().db, s.id, from, 'ACTIVE')).rejects.toThrow(
        IllegalTransitionError,
      );
      const [now] = await database().db.select().from(suggestions).where(eq(suggestions.id, s.id));
      expect(now).toEqual(s);
    }
  });

  it('a move from a status the row has left is refused', async () => {
    const s = await newSuggestion('ACTIVE');
    expect(await moveSuggestionStatus(database().db, s.id, 'ACTIVE', 'CANCELLED')).toBe(true);
    expect(await moveSuggestionStatus(database().db, s.id, 'ACTIVE', 'ARCHIVED')).toBe(false);
    const [now] = await database().db.select().from(suggestions).where(eq(suggestions.id, s.id));
    expect(now!.status).toBe('CANCELLED');
  });
});

async function newEntry(status: (typeof trackingStatusSchema.options)[number]) {
  const p = await newProposal('ACTIVE');
  const [row] = await database()
    .db.insert(proposalTracking)
    .values({ proposalId: p.id, kind: 'TRACKING', status, content: 'Progress', authorId: p.proposerId })
    .returning();
  return row!;
}

describe('tracking status (moveTrackingStatus)', () => {
  it('goes DRAFT → REVIEWING → REJECT → REVIEWING → PUBLISHED with the review fields in the same write', async () => {
    const e = await newEntry('DRAFT');
    expect((await moveTrackingStatus(database().db, e.id, 'DRAFT', 'REVIEWING', { round: 1 }))?.round).toBe(
      1,
    );
    const r = await moveTrackingStatus(database().db, e.id, 'REVIEWING', 'REJECT', { reviewComment: 'more' });
    expect(r).toMatchObject({ status: 'REJECT', reviewComment: 'more' });
    expect((await moveTrackingStatus(database().db, e.id, 'REJECT', 'REVIEWING'))?.status).toBe('REVIEWING');
    expect((await moveTrackingStatus(database().db, e.id, 'REVIEWING', 'PUBLISHED'))?.status).toBe(
      'PUBLISHED',
    );
  });

  it('refuses every move the table leaves out (a PUBLISHED one never moves), row unchanged', async () => {
    for (const from of trackingStatusSchema.options)
      for (const to of trackingStatusSchema.options) {
        if (TRACKING_TRANSITIONS.can(from, to)) continue;
        const e = await newEntry(from);
        await expect(moveTrackingStatus(database().db, e.id, from, to)).rejects.toThrow(
          IllegalTransitionError,
        );
        const [now] = await database()
          .db.select()
          .from(proposalTracking)
          .where(eq(proposalTracking.id, e.id));
        expect(now).toEqual(e);
      }
  });

  it('of two reviews racing, one moves and the other is refused', async () => {
    const e = await newEntry('REVIEWING');
    const [a, b] = await Promise.all([
      moveTrackingStatus(database().db, e.id, 'REVIEWING', 'PUBLISHED'),
      moveTrackingStatus(database().db, e.id, 'REVIEWING', 'REJECT'),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });
});
