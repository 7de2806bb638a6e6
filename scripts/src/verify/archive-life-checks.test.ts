import { describe, expect, it } from 'vitest';
import { ProposalStatus } from '@cr/contracts-abi/governance-enums';
import { termsHash, textHash } from '@cr/contracts-abi/statements';
import type { ProposalArchive } from '@cr/contract/proposal-archive.contract';
import { checkArchive, toTerms } from './archive-checks';
import {
  checkLifeAgainstChain,
  checkTrackingServed,
  currentOwner,
  type GovernanceLog,
  type LifeChainFacts,
} from './archive-life-checks';
import { makeArchive, makeArchiveV2, member, owner, secretary } from './archive-fixture';

const failures = (a: ProposalArchive) =>
  checkArchive(a)
    .filter((r) => !r.ok)
    .map((r) => `${r.item}: ${r.detail}`);

/** One byte of the text changed (the 6th character). */
const flip = (text: string) => `${text.slice(0, 5)}${text[5] === 'x' ? 'y' : 'x'}${text.slice(6)}`;

describe('archive version 2: the life after the votes', () => {
  it('passes a consistent FINAL archive: conclusion by both, every message and review, the ELIP votes', () => {
    const a = makeArchiveV2();
    const results = checkArchive(a);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const items = results.map((r) => `${r.item}: ${r.detail}`);
    expect(items).toContain('conclusion: summary: hash ok');
    expect(items).toContain(`conclusion by the owner ${owner.did}: signature ok (${owner.did})`);
    expect(items).toContain(
      `conclusion by the secretary general ${secretary.did}: signature ok (${secretary.did})`,
    );
    expect(
      items.filter((i) => i.startsWith('tracking message #1 ') || i.startsWith('final summary ')),
    ).toHaveLength(4);
    expect(items).toContain(`ELIP #4 vote of ${member.did}: signature ok (${member.did})`);
  });

  it('still reads a version 1 file and says what it lacks', () => {
    const results = checkArchive(makeArchive());
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.find((r) => r.item === 'archive version')?.detail).toMatch(/^version 1: .*not checked$/);
  });

  it('names the tracking message changed by one byte, and a review changed', () => {
    const a = makeArchiveV2();
    const id = a.tracking[0]!.id;
    a.tracking[0]!.content = flip(a.tracking[0]!.content);
    a.tracking[1]!.reviewComment = 'Approved later.';
    expect(failures(a)).toEqual([
      expect.stringMatching(new RegExp(`^tracking message #1 ${id}: message: hash mismatch`)),
      expect.stringMatching(/^final summary .*: review: hash mismatch/),
    ]);
  });

  it('names a conclusion whose words, signature or summary do not hold', () => {
    const a = makeArchiveV2();
    a.conclusion!.secretarySignature = a.conclusion!.ownerSignature;
    expect(failures(a)).toEqual([
      `conclusion by the secretary general ${secretary.did}: signature mismatch: does not verify against the key of ${secretary.did}`,
    ]);
    const b = makeArchiveV2();
    b.conclusion!.nonce = '78';
    expect(failures(b)).toEqual([expect.stringMatching(/^conclusion by the owner .*: statement mismatch/)]);
    const c = makeArchiveV2();
    c.conclusion = null;
    expect(failures(c)).toEqual(['conclusion: the proposal is FINAL but no conclusion is archived']);
  });

  it('compares the conclusion with its Concluded event', () => {
    const a = makeArchiveV2();
    const facts = (summaryHash: string): LifeChainFacts => ({
      governanceLogs: new Map([
        [
          a.conclusion!.txHash!,
          [
            {
              name: 'Concluded',
              args: { draftHash: a.proposal.draftHash, outcome: String(ProposalStatus.FINAL), summaryHash },
            },
          ],
        ],
      ]),
      related: new Map(),
    });
    expect(checkLifeAgainstChain(a, facts(a.conclusion!.summaryHash))).toEqual([
      { ok: true, item: 'conclusion on chain', detail: 'Concluded FINAL ok' },
    ]);
    const bad = checkLifeAgainstChain(a, facts(textHash('another summary')));
    expect(bad[0]!.ok).toBe(false);
    expect(bad[0]!.detail).toMatch(/^summary: hash mismatch \(chain 0x/);
  });

  it('checks an ownership change: its terms, its target, its effect on chain, and the owner the chain names', () => {
    const a = makeArchiveV2();
    const terms = {
      ...a.proposal.terms,
      kind: 'CHANGE_OWNER' as const,
      stages: [],
      target: a.proposal.draftHash,
      newDid: member.did,
      newQx: `0x${'1'.repeat(64)}`,
      newQy: `0x${'2'.repeat(64)}`,
    };
    const draftHash = `0x${'5'.repeat(64)}`;
    const effectTx = `0x${'6'.repeat(64)}`;
    a.related = [
      {
        number: 9,
        kind: 'CHANGE_OWNER',
        status: 'ACTIVE',
        draftHash,
        termsHash: termsHash(toTerms(terms)),
        terms,
        registerTxHash: `0x${'7'.repeat(64)}`,
        effectTxHash: effectTx,
        effect: 'applied',
      },
    ];
    // The conclusion was signed by the owner of the time of the suggestion: now the new owner must sign it.
    expect(currentOwner(a).did).toBe(member.did);
    expect(failures(a)).toEqual([`conclusion: signed by ${owner.did}, but the owner is ${member.did}`]);
    const facts = (byProposal: string): LifeChainFacts => ({
      governanceLogs: new Map<string, GovernanceLog[]>([
        [
          effectTx,
          [
            { name: 'StatusChanged', args: { draftHash, from: '2', to: String(ProposalStatus.ACTIVE) } },
            {
              name: 'OwnerChanged',
              args: { draftHash: a.proposal.draftHash, ownerDid: member.did.toLowerCase(), byProposal },
            },
          ],
        ],
      ]),
      related: new Map([
        [draftHash, { kind: 1, status: ProposalStatus.ACTIVE, target: a.proposal.draftHash }],
      ]),
    });
    a.conclusion = null;
    a.proposal.status = 'ACTIVE';
    expect(checkLifeAgainstChain(a, facts(draftHash))).toEqual([
      { ok: true, item: 'CHANGE_OWNER proposal #9 on chain', detail: 'record and effect ok (applied)' },
    ]);
    expect(checkLifeAgainstChain(a, facts(`0x${'8'.repeat(64)}`))[0]!.detail).toBe(
      `transaction ${effectTx} carries no CHANGE_OWNER effect on this proposal`,
    );
    // A file that says the change was skipped, while the receipt shows it applied.
    a.related[0]!.effect = 'skipped';
    expect(checkLifeAgainstChain(a, facts(draftHash))[0]!.detail).toBe(
      `transaction ${effectTx} carries no EffectSkipped on this proposal`,
    );
    a.related[0]!.effect = 'applied';
    a.related[0]!.terms.target = `0x${'9'.repeat(64)}`;
    expect(failures(a).some((f) => f.startsWith('CHANGE_OWNER proposal #9: target mismatch'))).toBe(true);
  });

  it('names a message the site now serves changed by one byte', () => {
    const a = makeArchiveV2();
    const served = a.tracking.map((t) => ({ id: t.id, content: t.content, reviewComment: t.reviewComment }));
    expect(checkTrackingServed(a, served).every((r) => r.ok)).toBe(true);
    served[0]!.content = flip(served[0]!.content);
    const bad = checkTrackingServed(a, served).filter((r) => !r.ok);
    expect(bad.map((r) => r.item)).toEqual([`tracking message #1 ${a.tracking[0]!.id} on the site`]);
    expect(bad[0]!.detail).toMatch(/^message: hash mismatch \(site 0x[0-9a-f]{64}, archived 0x/);
    expect(checkTrackingServed(a, served.slice(1))[0]).toMatchObject({
      ok: false,
      detail: 'not served as published',
    });
  });
});
