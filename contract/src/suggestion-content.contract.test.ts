import { describe, expect, it } from 'vitest';
import { newMotion } from '../test/suggestion-fixtures';
import {
  checkSuggestionContent,
  normalizeSuggestionContent,
  suggestionContentSchema,
  type SuggestionContentInput,
} from './suggestion-content.contract';
import { SUGGESTION_MESSAGES as M } from './suggestion-messages.contract';

const DID = 'did:elastos:iXyYFboFAd2d9VmfqSvppqg1XQxBtX9ea2';
const issuesOf = (c: SuggestionContentInput) => checkSuggestionContent(c);
const at = (c: SuggestionContentInput, path: string) =>
  issuesOf(c)
    .filter((i) => i.path.join('.') === path)
    .map((i) => i.message);

describe('suggestion content rules', () => {
  it('accepts a complete new motion', () => {
    expect(issuesOf(newMotion())).toEqual([]);
  });

  it('reports every missing required field at once with the spec message', () => {
    const issues = issuesOf({});
    expect(issues.map((i) => i.path.join('.'))).toEqual(['title', 'type', 'abstract', 'motivation']);
    expect(new Set(issues.map((i) => i.message))).toEqual(new Set([M.required]));
  });

  it('refuses a title that is too long and an abstract over 200 words (CJK characters count one each)', () => {
    expect(at(newMotion({ title: 'x'.repeat(201) }), 'title')).toEqual([M.tooLong]);
    expect(at(newMotion({ abstract: 'word '.repeat(201) }), 'abstract')).toEqual([
      'You can only type 200 words max',
    ]);
    expect(at(newMotion({ abstract: '字'.repeat(200) }), 'abstract')).toEqual([]);
    expect(at(newMotion({ abstract: '字'.repeat(201) }), 'abstract')).toEqual([
      'You can only type 200 words max',
    ]);
  });

  it('requires goal, milestones, team and budget for a new motion only', () => {
    const bare = { title: 't', abstract: 'a', motivation: 'm' };
    const motion = issuesOf({ ...bare, type: '1' }).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(motion).toEqual([
      'goal: This field is required.',
      `plan.milestones: ${M.milestonesEmpty}`,
      `team: ${M.teamEmpty}`,
      'budget.total: This field is required.',
      'budget.elaAddress: This field is required.',
      `budget.payments: ${M.paymentsEmpty}`,
    ]);
    expect(issuesOf({ ...bare, type: '3' })).toEqual([]);
    expect(issuesOf({ ...bare, type: '2' })).toEqual([]);
  });

  it('checks each team member and relevance item', () => {
    const c = newMotion({ team: [{ member: 'A', role: '' }], relevance: [{ proposalNumber: 0 }] });
    expect(issuesOf(c).map((i) => i.path.join('.'))).toEqual([
      'team.0.role',
      'team.0.responsibility',
      'relevance.0.detail',
      'relevance.0.proposalNumber',
    ]);
  });

  it('applies the type-specific rules', () => {
    const base = { title: 't', abstract: 'a', motivation: 'm' };
    expect(issuesOf({ ...base, type: 'CHANGE_PROPOSAL' }).map((i) => i.message)).toEqual([
      M.proposalNumberEmpty,
      M.changeProposalInfo,
    ]);
    expect(
      issuesOf({ ...base, type: 'CHANGE_PROPOSAL', targetProposalNumber: 3, newAddress: 'Ebad' }),
    ).toEqual([{ path: ['newAddress'], message: M.invalidAddress }]);
    // A new payment address in lowercase is one (EIP-55); it is stored and signed in its EIP-55 form.
    const lower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    const change = { ...base, type: 'CHANGE_PROPOSAL' as const, targetProposalNumber: 3, newAddress: lower };
    expect(issuesOf(change)).toEqual([]);
    expect(normalizeSuggestionContent(change).newAddress).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(issuesOf({ ...change, newAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' })).toEqual([
      { path: ['newAddress'], message: M.addressChecksum },
    ]);
    expect(issuesOf({ ...base, type: 'CHANGE_PROPOSAL', targetProposalNumber: 3, newOwnerDid: DID })).toEqual(
      [],
    );
    expect(issuesOf({ ...base, type: 'CHANGE_SECRETARY' }).map((i) => i.message)).toEqual([
      M.newSecretaryEmpty,
    ]);
    expect(
      issuesOf({ ...base, type: 'CHANGE_SECRETARY', newSecretaryDid: 'alice' }).map((i) => i.message),
    ).toEqual([M.invalidDid]);
    expect(issuesOf({ ...base, type: 'TERMINATE_PROPOSAL' }).map((i) => i.message)).toEqual([
      M.proposalNumberEmpty,
    ]);
    expect(
      issuesOf({ ...base, type: 'RESERVE_CUSTOMIZED_ID', didNameList: 'alice bob Alice carol bob' }),
    ).toEqual([{ path: ['didNameList'], message: 'Duplicate customized DID: Alice, bob' }]);
    expect(issuesOf({ ...base, type: 'RECEIVE_CUSTOMIZED_ID' }).map((i) => i.message)).toEqual([
      M.customizedDidFirst,
      M.receiverDidEmpty,
    ]);
    expect(issuesOf({ ...base, type: 'CHANGE_CUSTOMIZED_ID_FEE' }).map((i) => i.message)).toEqual([
      M.feeRateEmpty,
      M.effectiveHeightEmpty,
    ]);
    expect(
      issuesOf({
        ...base,
        type: 'CHANGE_CUSTOMIZED_ID_FEE',
        customizedIdFee: '1.5',
        effectiveHeightOfEid: 100,
      }),
    ).toEqual([]);
    expect(issuesOf({ ...base, type: 'REGISTER_SIDE_CHAIN' }).map((i) => i.path.join('.'))).toEqual([
      'sideChainDetails.name',
      'sideChainDetails.resourcePath',
      'sideChainDetails.magic',
      'sideChainDetails.genesisHash',
      'sideChainDetails.effectiveHeight',
      'sideChainDetails.exchangeRate',
    ]);
  });

  it('checks links, cover image, USD estimate and completion date', () => {
    const c = newMotion({
      links: ['https://a.org', 'javascript:alert(1)', 'https://a.org'],
      coverImage: 'file:///etc/passwd',
      fundingUsd: '1e5',
      expectedCompletion: '2030-13-01',
    });
    expect(issuesOf(c)).toEqual([
      { path: ['links', 1], message: M.invalidUrl },
      { path: ['links', 2], message: M.duplicateLink },
      { path: ['coverImage'], message: M.invalidUrl },
      { path: ['fundingUsd'], message: M.invalidAmount },
      { path: ['expectedCompletion'], message: M.invalidDate },
    ]);
  });
});

describe('suggestion content schema', () => {
  it('parses a valid form into normalized content with only its type fields', () => {
    const parsed = suggestionContentSchema.parse({
      ...newMotion({ title: '  Hardware\r\n keys  ', newSecretaryDid: DID }),
      budget: { ...newMotion().budget!, total: '1000.00000000' },
      unknownKey: 'dropped',
    });
    expect(parsed.title).toBe('Hardware keys');
    expect(parsed.budget?.total).toBe('1000');
    expect(parsed).not.toHaveProperty('newSecretaryDid');
    expect(parsed).not.toHaveProperty('unknownKey');
  });

  it('reports the rule messages as zod issues on their paths', () => {
    const result = suggestionContentSchema.safeParse(newMotion({ abstract: '' }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['abstract', M.required],
    ]);
  });

  it('normalizes idempotently', () => {
    const once = normalizeSuggestionContent(newMotion());
    expect(normalizeSuggestionContent(once)).toEqual(once);
  });
});
