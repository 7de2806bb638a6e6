import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActivitySchema } from '@cr/contract/member-activity.contract';
import { normalizeSuggestionContent } from '@cr/contract/suggestion-content.contract';
import { communities, communityMembers, proposalVotes, suggestions } from '@cr/core/db/schema';
import { searchDocument } from '@cr/core/db/text-search';
import { makeProposal, makeUser } from './factories';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { startTestApi, type TestApi } from './test-api';

/** The member page's activity: only what is public, newest first, and nothing for a closed account. */
let t: TestApi;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(async () => t?.stop());

async function suggestionBy(
  authorId: string,
  status: 'ACTIVE' | 'ARCHIVED' | 'CANCELLED' | 'ABUSED',
  title: string,
) {
  const content = normalizeSuggestionContent(newMotion({ title }));
  await db()
    .insert(suggestions)
    .values({
      authorId,
      type: content.type,
      title,
      abstract: content.abstract!,
      content,
      titleSearch: searchDocument(title),
      abstractSearch: searchDocument(content.abstract!),
      status,
      draftHash: randomBytes(32).toString('hex'),
    });
}

const proposalOf = (ownerId: string, status: 'DRAFT' | 'PROPOSED' | 'ACTIVE', title: string) =>
  makeProposal(db(), ownerId, status, title);

describe('a member’s public activity', () => {
  it('lists public suggestions, published proposals, council votes and communities; never drafts or hidden posts', async () => {
    const member = (await makeUser(db())).user;
    const councillor = (await makeUser(db(), { role: 'COUNCIL' })).user;
    await suggestionBy(member.id, 'ACTIVE', 'A public wallet plan');
    await suggestionBy(member.id, 'ARCHIVED', 'An archived idea');
    await suggestionBy(member.id, 'CANCELLED', 'A cancelled idea');
    await suggestionBy(member.id, 'ABUSED', 'Spam removed by an admin');
    const published = await proposalOf(member.id, 'ACTIVE', 'The wallet plan as passed');
    await proposalOf(member.id, 'DRAFT', 'A private draft');
    await db()
      .insert(proposalVotes)
      .values({
        proposalId: published.id,
        memberId: `0x${randomBytes(32).toString('hex')}`,
        memberDid: 'did:elastos:iTestCouncillor',
        userId: councillor.id,
        choice: 'yes',
        reason: 'A sound plan',
        votedAt: new Date(),
      });
    const [country] = await db()
      .insert(communities)
      .values({ type: 'COUNTRY', name: 'Singapore', country: 'SG' })
      .returning();
    await db()
      .insert(communityMembers)
      .values({ communityId: country!.id, userId: member.id, role: 'ORGANIZER' });

    const res = await t.call('GET', `/member/${member.id}/activity`);
    expect(res.status).toBe(200);
    const a = memberActivitySchema.parse(res.body.data);
    expect(a.suggestions.map((s) => s.title).sort()).toEqual(['A public wallet plan', 'An archived idea']);
    expect(a.proposals).toEqual([
      expect.objectContaining({
        number: published.number,
        title: 'The wallet plan as passed',
        status: 'ACTIVE',
      }),
    ]);
    expect(a.votes).toEqual([]);
    expect(a.communities).toEqual([
      expect.objectContaining({ name: 'Singapore', country: 'SG', role: 'ORGANIZER' }),
    ]);
    expect(JSON.stringify(a)).not.toContain(member.email!);

    const c = memberActivitySchema.parse(
      (await t.call('GET', `/member/${councillor.id}/activity`)).body.data,
    );
    expect(c.votes).toEqual([
      expect.objectContaining({
        proposalNumber: published.number,
        choice: 'yes',
        title: 'The wallet plan as passed',
      }),
    ]);
  });

  it('is a 404 for an unknown or closed account, and a 400 for a malformed id', async () => {
    const closed = (await makeUser(db(), { active: false })).user;
    expect((await t.call('GET', `/member/${closed.id}/activity`)).status).toBe(404);
    expect((await t.call('GET', '/member/00000000-0000-4000-8000-000000000000/activity')).status).toBe(404);
    expect((await t.call('GET', '/member/not-a-uuid/activity')).status).toBe(400);
  });
});
