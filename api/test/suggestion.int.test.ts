import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestionDraftHash } from '@cr/contract/suggestion-hash';
import type { PaymentInput, PaymentType } from '@cr/contract/suggestion-budget.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { SuggestionContentInput } from '@cr/contract/suggestion-content.contract';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import { suggestions } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { elaAddress, escAddress, newMotion } from '@cr/contract/test/suggestion-fixtures';
import { fieldErrors, postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
let author: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await startTestApi();
  author = await makeUser(db());
  other = await makeUser(db());
  admin = await makeUser(db(), { role: 'ADMIN' });
});
afterAll(async () => {
  await t?.stop();
});

function db() {
  return t.deps.database.db;
}
const post = (body: unknown, token = author.token) =>
  t.call<SuggestionDetail>('POST', '/suggestion', { token, body });
const base = { title: 'A change', abstract: 'Why and what.', motivation: 'Because.' };
const pay = (type: PaymentType, amount: string, milestone: number): PaymentInput => ({
  type,
  amount,
  milestone,
  criteria: 'done',
});
/** The address with its last character changed (to one it is not: a random address may end in 'z' already). */
const brokenChecksum = (address: string) => address.slice(0, 33) + (address.endsWith('z') ? 'y' : 'z');
const motionBudget = (payments: PaymentInput[], total = '1000') => ({
  ...newMotion().budget!,
  total,
  payments,
});

describe('posting a suggestion', () => {
  it('takes a payment address written all in lowercase (EIP-55 needs no checksum there) and stores it checksummed', async () => {
    const address = escAddress();
    const lower = newMotion({ budget: { ...newMotion().budget!, elaAddress: address.toLowerCase() } });
    const res = await post(lower);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const posted = res.body.data!;
    expect((posted.content as { budget: { elaAddress: string } }).budget.elaAddress).toBe(address);
    // The draft hash the author signs is over the stored, checksummed form.
    expect(posted.draftHash).toBe(suggestionDraftHash(posted.number, posted.content));
  });

  it('stores a valid new motion with a sequence number, version 1 and the draft hash of its canonical form', async () => {
    const first = await postSuggestion(t, author.token);
    const second = await postSuggestion(t, author.token);
    expect(second.number).toBe(first.number + 1);
    expect(first.version).toBe(1);
    expect(first.status).toBe('ACTIVE');
    expect(first.displayStatus).toBe('posted');
    expect(first.signed).toBe(false);
    expect(first.draftHash).toBe(suggestionDraftHash(first.number, first.content));
    expect(first.budgetTotal).toBe('1000');
    expect(first.canEdit).toBe(true);
    // No private author field anywhere in the public answer.
    const publicView = await t.call('GET', `/suggestion/${first.number}`);
    expect(JSON.stringify(publicView.body)).not.toContain(author.user.email!);
    expect(publicView.body.data).toMatchObject({ _id: first._id, isAuthor: false, canEdit: false });
  });

  it('refuses a visitor who is not signed in', async () => {
    const res = await t.call('POST', '/suggestion', { body: newMotion() });
    expect(res.status).toBe(401);
  });

  it('ignores fields a client may not set (status, signature, author, counters)', async () => {
    const res = await post({
      ...newMotion(),
      status: 'ARCHIVED',
      signed: true,
      signature: 'ff',
      authorId: other.user.id,
      likesNum: 99,
      number: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ACTIVE', signed: false, likesNum: 0, signature: null });
    expect(res.body.data!.author._id).toBe(author.user.id);
  });

  it('keeps only the fields of the suggestion type', async () => {
    const res = await post({
      ...newMotion(),
      newSecretaryDid: 'did:elastos:iXyYFboFAd2d9VmfqSvppqg1XQxBtX9ea2',
    });
    expect(res.body.data!.content).not.toHaveProperty('newSecretaryDid');
  });
});

describe('every form rule is enforced by the API', () => {
  const cases: [string, SuggestionContentInput | Record<string, unknown>, string][] = [
    ['missing title', newMotion({ title: '' }), `title: ${M.required}`],
    ['too long title', newMotion({ title: 'x'.repeat(201) }), `title: ${M.tooLong}`],
    ['missing type', newMotion({ type: null }), `type: ${M.required}`],
    ['missing abstract', newMotion({ abstract: ' ' }), `abstract: ${M.required}`],
    [
      '201-word abstract',
      newMotion({ abstract: 'word '.repeat(201) }),
      'abstract: You can only type 200 words max',
    ],
    [
      '201-character Chinese abstract',
      newMotion({ abstract: '链'.repeat(201) }),
      'abstract: You can only type 200 words max',
    ],
    ['missing motivation', newMotion({ motivation: '' }), `motivation: ${M.required}`],
    ['missing goal (new motion)', newMotion({ goal: '' }), `goal: ${M.required}`],
    ['too long goal', newMotion({ goal: 'g'.repeat(20_001) }), `goal: ${M.tooLong}`],
    [
      'no milestones',
      newMotion({ plan: { milestones: [] }, budget: null }),
      `plan.milestones: ${M.milestonesEmpty}`,
    ],
    [
      'milestone without introduction',
      newMotion({ plan: { milestones: [{ date: '2030-01-15', introduction: '' }] } }),
      `plan.milestones.0.introduction: ${M.required}`,
    ],
    [
      'milestone not later than the previous',
      newMotion({
        plan: {
          milestones: [
            { date: '2030-02-01', introduction: 'a' },
            { date: '2030-01-01', introduction: 'b' },
            { date: '2030-03-01', introduction: 'c' },
          ],
        },
      }),
      `plan.milestones.1.date: ${M.milestoneDateOrder}`,
    ],
    [
      'milestones more than 3 months apart',
      newMotion({
        plan: {
          milestones: [
            { date: '2030-01-15', introduction: 'a' },
            { date: '2030-03-15', introduction: 'b' },
            { date: '2030-06-16', introduction: 'c' },
          ],
        },
      }),
      `plan.milestones.2.date: ${M.milestoneTooFar}`,
    ],
    ['empty team', newMotion({ team: [] }), `team: ${M.teamEmpty}`],
    [
      'team member without role',
      newMotion({ team: [{ member: 'A', role: '', responsibility: 'x' }] }),
      `team.0.role: ${M.required}`,
    ],
    [
      'empty payment schedule',
      newMotion({ budget: motionBudget([]) }),
      `budget.payments: ${M.paymentsEmpty}`,
    ],
    [
      'amount with 9 decimals',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300.000000001', 0),
          pay('CONDITIONED', '300', 1),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.0.amount: ${M.invalidAmount}`,
    ],
    [
      'invalid total',
      newMotion({ budget: { ...newMotion().budget!, total: '1,000' } }),
      `budget.total: ${M.invalidAmount}`,
    ],
    [
      'payment above 30% of the total',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '301', 0),
          pay('CONDITIONED', '299', 1),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.0.amount: ${M.paymentOverCap}`,
    ],
    [
      'payments not adding up to the total',
      newMotion({ budget: { ...newMotion().budget!, total: '1000.00000001' } }),
      `budget.total: ${M.paymentSumMismatch}`,
    ],
    [
      'initiation payment not on the first milestone',
      newMotion({
        budget: motionBudget([
          pay('CONDITIONED', '300', 0),
          pay('ADVANCE', '300', 1),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.1.milestone: ${M.advanceNotFirst}`,
    ],
    [
      'completion payment not on the last milestone',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300', 0),
          pay('COMPLETION', '400', 1),
          pay('CONDITIONED', '300', 2),
        ]),
      }),
      `budget.payments.1.milestone: ${M.completionNotLast}`,
    ],
    [
      'milestone payment on the last milestone',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300', 0),
          pay('COMPLETION', '400', 1),
          pay('CONDITIONED', '300', 2),
        ]),
      }),
      `budget.payments.2.milestone: ${M.conditionedOnLast}`,
    ],
    [
      'a milestone paid twice',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300', 0),
          pay('CONDITIONED', '300', 0),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.1.milestone: ${M.milestoneUsed}`,
    ],
    [
      'a payment matching no milestone',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300', 0),
          pay('CONDITIONED', '300', 7),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.1.milestone: ${M.paymentMilestoneMissing}`,
    ],
    [
      'two initiation payments and no completion payment',
      newMotion({
        budget: motionBudget([
          pay('ADVANCE', '300', 0),
          pay('ADVANCE', '300', 1),
          pay('CONDITIONED', '400', 2),
        ]),
      }),
      `budget.payments: ${M.paymentStructure}`,
    ],
    [
      'a payment criteria left empty',
      newMotion({
        budget: motionBudget([
          { ...pay('ADVANCE', '300', 0), criteria: '' },
          pay('CONDITIONED', '300', 1),
          pay('COMPLETION', '400', 2),
        ]),
      }),
      `budget.payments.0.criteria: ${M.required}`,
    ],
    [
      'an ELA address with a broken checksum',
      newMotion({ budget: { ...newMotion().budget!, elaAddress: brokenChecksum(elaAddress()) } }),
      `budget.elaAddress: ${M.invalidAddress}`,
    ],
    [
      'a main-chain ELA address (the treasury pays on the smart chain)',
      newMotion({ budget: { ...newMotion().budget!, elaAddress: elaAddress() } }),
      `budget.elaAddress: ${M.escAddressRequired}`,
    ],
    [
      'a smart-chain address with a mistyped checksum',
      newMotion({
        budget: {
          ...newMotion().budget!,
          elaAddress: (() => {
            const a = escAddress();
            const i = a.slice(2).search(/[a-fA-F]/) + 2;
            const c = a[i]!;
            return (
              a.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + a.slice(i + 1)
            );
          })(),
        },
      }),
      `budget.elaAddress: ${M.addressChecksum}`,
    ],
    [
      'a change proposal paying to a main-chain ELA address',
      { ...base, type: 'CHANGE_PROPOSAL', targetProposalNumber: 1, newAddress: elaAddress() },
      `newAddress: ${M.escAddressRequired}`,
    ],
    [
      'missing ELA address',
      newMotion({ budget: { ...newMotion().budget!, elaAddress: '' } }),
      `budget.elaAddress: ${M.required}`,
    ],
    [
      'change proposal without a number',
      { ...base, type: 'CHANGE_PROPOSAL', newAddress: escAddress() },
      `targetProposalNumber: ${M.proposalNumberEmpty}`,
    ],
    [
      'change proposal without new owner or address',
      { ...base, type: 'CHANGE_PROPOSAL', targetProposalNumber: 1 },
      `newOwnerDid: ${M.changeProposalInfo}`,
    ],
    [
      'new secretary without DID',
      { ...base, type: 'CHANGE_SECRETARY' },
      `newSecretaryDid: ${M.newSecretaryEmpty}`,
    ],
    [
      'terminate without a number',
      { ...base, type: 'TERMINATE_PROPOSAL' },
      `closeProposalNumber: ${M.proposalNumberEmpty}`,
    ],
    [
      'duplicate customized DIDs',
      { ...base, type: 'RESERVE_CUSTOMIZED_ID', didNameList: 'ela ela dao' },
      'didNameList: Duplicate customized DID: ela',
    ],
    [
      'no customized DID selected',
      {
        ...base,
        type: 'RECEIVE_CUSTOMIZED_ID',
        customizedIdBindToDid: 'did:elastos:iXyYFboFAd2d9VmfqSvppqg1XQxBtX9ea2',
      },
      `receivedCustomizedIdList: ${M.customizedDidFirst}`,
    ],
    [
      'no receiver DID',
      { ...base, type: 'RECEIVE_CUSTOMIZED_ID', receivedCustomizedIdList: ['ela'] },
      `customizedIdBindToDid: ${M.receiverDidEmpty}`,
    ],
    [
      'no fee rate',
      { ...base, type: 'CHANGE_CUSTOMIZED_ID_FEE', effectiveHeightOfEid: 10 },
      `customizedIdFee: ${M.feeRateEmpty}`,
    ],
    [
      'no effective height',
      { ...base, type: 'CHANGE_CUSTOMIZED_ID_FEE', customizedIdFee: '0.1' },
      `effectiveHeightOfEid: ${M.effectiveHeightEmpty}`,
    ],
    [
      'side chain without genesis hash',
      {
        ...base,
        type: 'REGISTER_SIDE_CHAIN',
        sideChainDetails: {
          name: 'x',
          resourcePath: 'https://x.org',
          magic: 1,
          effectiveHeight: 5,
          exchangeRate: '1',
        },
      },
      `sideChainDetails.genesisHash: ${M.required}`,
    ],
  ];
  it.each(cases)('refuses %s', async (_name, body, expected) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error?.type).toBe('validation.failed');
    expect(fieldErrors(res.body)).toContain(expected);
  });

  it('checks what only the database knows: proposal numbers, new owner and new secretary', async () => {
    const unknownDid = 'did:elastos:iUnknownUnknownUnknownUnknown12';
    const change = await post({
      ...base,
      type: 'CHANGE_PROPOSAL',
      targetProposalNumber: 3,
      newOwnerDid: unknownDid,
    });
    expect(fieldErrors(change.body)).toEqual([
      `targetProposalNumber: ${M.proposalNumberInvalid}`,
      `newOwnerDid: ${M.newOwnerMissing}`,
    ]);
    const secretary = await post({ ...base, type: 'CHANGE_SECRETARY', newSecretaryDid: unknownDid });
    expect(fieldErrors(secretary.body)).toEqual([`newSecretaryDid: ${M.newSecretaryMissing}`]);
    const bound = await makeUser(db(), { did: 'did:elastos:iBoundBoundBoundBoundBound12345' });
    const ok = await post({ ...base, type: 'CHANGE_SECRETARY', newSecretaryDid: bound.user.did });
    expect(ok.status).toBe(200);
    const terminate = await post({ ...base, type: 'TERMINATE_PROPOSAL', closeProposalNumber: 1 });
    expect(fieldErrors(terminate.body)).toEqual([`closeProposalNumber: ${M.proposalNumberInvalid}`]);
  });

  it('accepts the special types that need nothing from the database', async () => {
    for (const body of [
      { ...base, type: 'RESERVE_CUSTOMIZED_ID', didNameList: 'ela  dao\ncr' },
      { ...base, type: 'CHANGE_CUSTOMIZED_ID_FEE', customizedIdFee: '0.5', effectiveHeightOfEid: 1200 },
      { ...base, type: '3' },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(200);
    }
  });
});

describe('suspension switch', () => {
  it('refuses new suggestions and drafts while suspended, and accepts them again after', async () => {
    const setSuspended = (v: boolean) =>
      t.call('PUT', '/admin/site/settings', { token: admin.token, body: { suggestionsSuspended: v } });
    expect((await setSuspended(true)).status).toBe(200);
    try {
      const res = await post(newMotion());
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ type: 'suggestion.suspended', message: M.suspended });
      const draft = await t.call('POST', '/suggestion/drafts', { token: author.token, body: { title: 'x' } });
      expect(draft.status).toBe(403);
      expect((await t.call('GET', '/suggestion')).status).toBe(200);
    } finally {
      await setSuspended(false);
    }
    expect((await post(newMotion())).status).toBe(200);
  });
});

describe('editing, versions and revert', () => {
  it('lets only the author edit; each edit is a version and a new draft hash', async () => {
    const s = await postSuggestion(t, author.token);
    const edited = { ...newMotion(), title: 'Hardware keys, revised' };
    for (const who of [other, admin]) {
      const res = await t.call('PUT', `/suggestion/${s._id}`, { token: who.token, body: edited });
      expect(res.status).toBe(403);
      expect(res.body.error?.type).toBe('suggestion.not_author');
    }
    const res = await t.call<SuggestionDetail>('PUT', `/suggestion/${s._id}?baseVersion=1`, {
      token: author.token,
      body: edited,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: 2, title: 'Hardware keys, revised' });
    expect(res.body.data!.draftHash).not.toBe(s.draftHash);
    const stale = await t.call('PUT', `/suggestion/${s._id}?baseVersion=1`, {
      token: author.token,
      body: newMotion(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.type).toBe('suggestion.version_conflict');
    const invalid = await t.call('PUT', `/suggestion/${s._id}`, {
      token: author.token,
      body: newMotion({ abstract: '' }),
    });
    expect(fieldErrors(invalid.body)).toEqual([`abstract: ${M.required}`]);

    const history = await t.call<{ current: number; versions: { version: number; title: string }[] }>(
      'GET',
      `/suggestion/${s.number}/versions`,
    );
    expect(history.body.data!.current).toBe(2);
    expect(history.body.data!.versions.map((v) => [v.version, v.title])).toEqual([
      [2, 'Hardware keys, revised'],
      [1, s.title],
    ]);
  });

  it('reverts to an earlier version as a new version (author only)', async () => {
    const s = await postSuggestion(t, author.token);
    await t.call('PUT', `/suggestion/${s._id}`, {
      token: author.token,
      body: { ...newMotion(), title: 'Second' },
    });
    const refused = await t.call('POST', `/suggestion/${s._id}/revert`, {
      token: other.token,
      body: { version: 1 },
    });
    expect(refused.status).toBe(403);
    const missing = await t.call('POST', `/suggestion/${s._id}/revert`, {
      token: author.token,
      body: { version: 9 },
    });
    expect(missing.status).toBe(404);
    const res = await t.call<SuggestionDetail>('POST', `/suggestion/${s._id}/revert`, {
      token: author.token,
      body: { version: 1 },
    });
    expect(res.body.data).toMatchObject({ version: 3, title: s.title, draftHash: s.draftHash });
    const history = await t.call<{ versions: { version: number; revertedFrom: number | null }[] }>(
      'GET',
      `/suggestion/${s._id}/versions`,
    );
    expect(history.body.data!.versions[0]).toMatchObject({ version: 3, revertedFrom: 1 });
  });
});

describe('cancel and archive', () => {
  it('cancels for the author only, and refuses a second cancel with the spec message', async () => {
    const s = await postSuggestion(t, author.token);
    expect((await t.call('POST', `/suggestion/${s._id}/cancel`, { token: other.token })).status).toBe(403);
    const res = await t.call<SuggestionDetail>('POST', `/suggestion/${s._id}/cancel`, {
      token: author.token,
    });
    expect(res.body.data).toMatchObject({ status: 'CANCELLED', displayStatus: 'cancelled', canEdit: false });
    const again = await t.call('POST', `/suggestion/${s._id}/cancel`, { token: author.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      type: 'suggestion.cancel_failed',
      message: 'Failed to cancel the suggestion',
    });
    const edit = await t.call('PUT', `/suggestion/${s._id}`, { token: author.token, body: newMotion() });
    expect(edit.body.error?.type).toBe('suggestion.not_editable');
  });

  it('refuses to cancel a suggestion made into a proposal', async () => {
    const s = await postSuggestion(t, author.token);
    await db()
      .update(suggestions)
      .set({ proposalNumber: 7, proposalHash: 'ab'.repeat(32) })
      .where(eq(suggestions.id, s._id));
    const res = await t.call('POST', `/suggestion/${s._id}/cancel`, { token: author.token });
    expect(res.body.error?.message).toBe(M.cancelFailed);
  });

  it('archives and unarchives for the author or an admin, nobody else', async () => {
    const s = await postSuggestion(t, author.token);
    expect((await t.call('POST', `/suggestion/${s._id}/archive`, { token: other.token })).status).toBe(403);
    const archived = await t.call<SuggestionDetail>('POST', `/suggestion/${s._id}/archive`, {
      token: author.token,
    });
    expect(archived.body.data!.status).toBe('ARCHIVED');
    expect((await t.call('POST', `/suggestion/${s._id}/archive`, { token: author.token })).status).toBe(409);
    const back = await t.call<SuggestionDetail>('POST', `/suggestion/${s._id}/unarchive`, {
      token: admin.token,
    });
    expect(back.body.data!.status).toBe('ACTIVE');
  });
});

describe('drafts', () => {
  it('saves an incomplete form, resumes it, and posting from it removes it', async () => {
    const created = await t.call<{ _id: string }>('POST', '/suggestion/drafts', {
      token: author.token,
      body: { title: 'Half done', abstract: '', budget: { total: 'not yet' } },
    });
    expect(created.status).toBe(200);
    const id = created.body.data!._id;
    const mine = await t.call<{ list: { _id: string; title: string }[] }>('GET', '/suggestion/drafts', {
      token: author.token,
    });
    expect(mine.body.data!.list.map((d) => d._id)).toContain(id);
    expect((await t.call('GET', `/suggestion/drafts/${id}`, { token: other.token })).status).toBe(404);
    const updated = await t.call<{ content: { title: string } }>('PUT', `/suggestion/drafts/${id}`, {
      token: author.token,
      body: { title: 'Almost done' },
    });
    expect(updated.body.data!.content.title).toBe('Almost done');
    const resumed = await t.call<{ content: { title: string } }>('GET', `/suggestion/drafts/${id}`, {
      token: author.token,
    });
    expect(resumed.body.data!.content.title).toBe('Almost done');
    const posted = await t.call('POST', `/suggestion?draftId=${id}`, {
      token: author.token,
      body: newMotion(),
    });
    expect(posted.status).toBe(200);
    expect((await t.call('GET', `/suggestion/drafts/${id}`, { token: author.token })).status).toBe(404);
  });

  it('keeps pending edits of a posted suggestion for its author only', async () => {
    const s = await postSuggestion(t, author.token);
    const saved = await t.call('PUT', `/suggestion/${s._id}/draft`, {
      token: author.token,
      body: { title: 'WIP' },
    });
    expect(saved.status).toBe(200);
    expect(
      (await t.call('PUT', `/suggestion/${s._id}/draft`, { token: other.token, body: { title: 'x' } }))
        .status,
    ).toBe(403);
    const draft = await t.call<{ content: { title: string } }>('GET', `/suggestion/${s._id}/draft`, {
      token: author.token,
    });
    expect(draft.body.data!.content.title).toBe('WIP');
    await t.call('PUT', `/suggestion/${s._id}`, { token: author.token, body: newMotion() });
    const after = await t.call('GET', `/suggestion/${s._id}/draft`, { token: author.token });
    expect(after.body.data).toBeNull();
  });
});

describe('query and path parsing', () => {
  it('refuses malformed ids and operator-shaped query values', async () => {
    expect((await t.call('GET', '/suggestion/not-an-id')).status).toBe(400);
    expect((await t.call('GET', '/suggestion?filter[$ne]=x')).status).toBe(400);
    expect((await t.call('GET', '/suggestion?results=15')).status).toBe(400);
    expect((await t.call('GET', '/suggestion/999999')).status).toBe(404);
  });
});
