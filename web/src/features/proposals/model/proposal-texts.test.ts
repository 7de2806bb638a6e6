import { describe, expect, it } from 'vitest';
import { PROPOSAL_MESSAGES, PROPOSAL_STATUSES } from '@cr/contract/proposal.contract';
import en from '../locales/en.json';
import zh from '../locales/zh.json';

/** Every refusal type the proposal api answers with (api/src/modules/proposal, wallet actions). */
const SERVER_ERRORS = [
  'already_proposed',
  'election_running',
  'esc_address_required',
  'not_council',
  'not_draft',
  'not_found',
  'not_owner',
  'not_registered',
  'owner_signature_invalid',
  'owner_signature_stale',
  'registration_stale',
  'suggestion_required',
  'target_not_active',
  'veto_amount',
  'veto_closed',
  'veto_intent_unknown',
  'veto_not_yours',
  'vote_changed',
  'vote_missing',
  'vote_posted',
  'voting_closed',
] as const;

describe('proposal texts', () => {
  it('word every proposal refusal of the api in both languages', () => {
    for (const type of SERVER_ERRORS) {
      expect(en.errors.proposal[type], type).toBeTruthy();
      expect(zh.errors.proposal[type], type).toBeTruthy();
    }
  });

  it('keep the spec wording for a suggestion made into a proposal by another member and for a saved vote', () => {
    expect(en.errors.proposal.already_proposed).toBe(PROPOSAL_MESSAGES.alreadyProposed);
    expect(en.myVote.saved).toBe(PROPOSAL_MESSAGES.voteRecorded);
  });

  it('label every status with the spec words (PROPOSED voting, ACTIVE passed, DEFERRED expired...)', () => {
    for (const s of PROPOSAL_STATUSES) expect(en.status[s], s).toBeTruthy();
    expect(en.status.PROPOSED).toBe('Voting');
    expect(en.status.ACTIVE).toBe('Passed');
    expect(en.status.NOTIFICATION).toBe('Community veto period');
    expect(en.status.DEFERRED).toBe('Expired');
    expect(zh.status.NOTIFICATION).toBe('公示期');
  });
});
