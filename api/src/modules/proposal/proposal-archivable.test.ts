import { describe, expect, it } from 'vitest';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { isArchivable } from './proposal-archivable';

const registered = {
  status: 'PROPOSED',
  number: 7,
  draftHash: `0x${'ab'.repeat(32)}`,
  terms: { kind: 'NORMAL' },
  term: 1,
  registerStatement: 'Cyber Republic proposal registration: …',
} as unknown as ProposalRow;

describe('isArchivable', () => {
  it('is true for a proposal signed into a registration', () => {
    expect(isArchivable(registered)).toBe(true);
  });

  it('is false for a draft, and for a row missing any part of the registration (written without one)', () => {
    expect(isArchivable({ ...registered, status: 'DRAFT' })).toBe(false);
    for (const part of ['number', 'draftHash', 'terms', 'term', 'registerStatement'] as const)
      expect(isArchivable({ ...registered, [part]: null }), part).toBe(false);
  });
});
