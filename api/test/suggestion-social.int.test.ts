import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { SuggestionComment } from '@cr/contract/suggestion-comment.contract';
import type { SuggestionDetail, SuggestionList } from '@cr/contract/suggestion.contract';
import { makeUser } from './factories';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';

type User = Awaited<ReturnType<typeof makeUser>>;
let t: TestApi;
let author: User;
let bob: User;
let carol: User;
let council: User;
let admin: User;
let secretary: User;

beforeAll(async () => {
  t = await startTestApi();
  const db = t.deps.database.db;
  author = await makeUser(db);
  bob = await makeUser(db);
  carol = await makeUser(db);
  council = await makeUser(db, { role: 'COUNCIL' });
  admin = await makeUser(db, { role: 'ADMIN' });
  secretary = await makeUser(db, { role: 'SECRETARY' });
});
afterAll(async () => {
  await t?.stop();
});

type CommentResult = { comment: SuggestionComment; mailed: number; mailFailed: number };
const comment = (id: string, token: string | undefined, body: unknown) =>
  t.call<CommentResult>('POST', `/suggestion/${id}/comments`, { token, body });
const detail = async (id: string, token?: string) =>
  (await t.call<SuggestionDetail>('GET', `/suggestion/${id}`, { token })).body.data!;

describe('comments', () => {
  it('needs a signed-in member, a non-empty text and at most 2,048 characters', async () => {
    const s = await postSuggestion(t, author.token);
    expect((await comment(s._id, undefined, { body: 'hi' })).status).toBe(401);
    const empty = await comment(s._id, bob.token, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual([{ path: 'body', message: M.commentRequired }]);
    const long = await comment(s._id, bob.token, { body: 'x'.repeat(2049) });
    expect(long.body.error?.fields).toEqual([{ path: 'body', message: M.commentTooLong }]);
    // At most 10 mentions: a comment is not a way to e-mail a crowd.
    const crowd = Array.from({ length: 11 }, (_, i) => `@member_${i}`).join(' ');
    const many = await comment(s._id, bob.token, { body: `${crowd} look` });
    expect(many.status).toBe(400);
    expect(many.body.error?.fields).toEqual([{ path: 'body', message: M.mentionsTooMany }]);
    expect((await detail(s._id)).commentsNum).toBe(0);
  });

  it('e-mails a mentioned member (one message each) and the author; refuses an unknown mention', async () => {
    const s = await postSuggestion(t, author.token);
    const unknown = await comment(s._id, bob.token, { body: 'Hello @nobody_here_at_all' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ type: 'comment.mention_unknown', message: 'User not found' });

    const res = await comment(s._id, bob.token, { body: `@${carol.user.username} what do you think?` });
    expect(res.status).toBe(200);
    expect(res.body.data!.comment.mentions).toEqual([{ _id: carol.user.id, username: carol.user.username }]);
    expect(res.body.data).toMatchObject({ mailed: 2, mailFailed: 0 });
    const mention = await t.mailbox.waitFor((m) => m.to.includes(carol.user.email!));
    expect(mention.to).toEqual([carol.user.email]);
    expect(mention.subject).toBe(`${bob.user.username} mentioned you on suggestion #${s.number}`);
    expect(mention.text).toContain('what do you think?');
    const toAuthor = await t.mailbox.waitFor(
      (m) => m.to.includes(author.user.email!) && m.subject === `New comment on suggestion #${s.number}`,
    );
    expect(toAuthor.text).toContain(`/suggestion/${s.number}`);
    expect((await detail(s._id)).commentsNum).toBe(1);
  });

  it('lets the writer edit and delete their own comment only; lists them publicly without e-mails', async () => {
    const s = await postSuggestion(t, author.token);
    const c = (await comment(s._id, bob.token, { body: 'first thought' })).body.data!.comment;
    const reply = await comment(s._id, carol.token, { body: 'a reply', parentId: c._id });
    expect(reply.body.data!.comment.parentId).toBe(c._id);
    const url = `/suggestion/${s._id}/comments/${c._id}`;
    expect((await t.call('PUT', url, { token: carol.token, body: { body: 'hijack' } })).status).toBe(403);
    expect((await t.call('DELETE', url, { token: carol.token })).status).toBe(403);
    const edited = await t.call<CommentResult>('PUT', url, {
      token: bob.token,
      body: { body: 'second thought' },
    });
    expect(edited.body.data!.comment.body).toBe('second thought');
    expect((await t.call('DELETE', url, { token: bob.token })).status).toBe(200);
    const list = await t.call<{ list: SuggestionComment[] }>('GET', `/suggestion/${s.number}/comments`);
    expect(list.body.data!.list.map((x) => [x.body, x.deleted])).toEqual([
      ['', true],
      ['a reply', false],
    ]);
    expect(JSON.stringify(list.body)).not.toContain('@example.org');
    expect((await detail(s._id)).commentsNum).toBe(1);
  });

  it('lets council members and admins comment', async () => {
    const s = await postSuggestion(t, author.token);
    expect((await comment(s._id, council.token, { body: 'council view' })).status).toBe(200);
    expect((await comment(s._id, admin.token, { body: 'admin view' })).status).toBe(200);
  });
});

describe('likes, dislikes, views and follows', () => {
  it('keeps like and dislike mutually exclusive and toggles them', async () => {
    const s = await postSuggestion(t, author.token);
    const like = () =>
      t.call<{ likesNum: number; dislikesNum: number; myReaction: string | null }>(
        'POST',
        `/suggestion/${s._id}/like`,
        { token: bob.token },
      );
    expect((await like()).body.data).toEqual({ likesNum: 1, dislikesNum: 0, myReaction: 'like' });
    const dislike = await t.call('POST', `/suggestion/${s._id}/dislike`, { token: bob.token });
    expect(dislike.body.data).toEqual({ likesNum: 0, dislikesNum: 1, myReaction: 'dislike' });
    expect((await like()).body.data).toEqual({ likesNum: 1, dislikesNum: 0, myReaction: 'like' });
    expect((await like()).body.data).toEqual({ likesNum: 0, dislikesNum: 0, myReaction: null });
    expect((await t.call('POST', `/suggestion/${s._id}/like`)).status).toBe(401);
  });

  it('loses no update when many members like at the same moment', async () => {
    const s = await postSuggestion(t, author.token);
    const members = await Promise.all(Array.from({ length: 20 }, () => makeUser(t.deps.database.db)));
    const results = await Promise.all(
      members.map((m) => t.call('POST', `/suggestion/${s._id}/like`, { token: m.token })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await detail(s._id)).likesNum).toBe(20);
    // The same member clicking twice at once ends where two clicks in a row end: no reaction, counters at 20.
    await Promise.all([0, 1].map(() => t.call('POST', `/suggestion/${s._id}/like`, { token: bob.token })));
    const after = await detail(s._id, bob.token);
    expect(after.likesNum).toBe(20);
    expect(after.myReaction).toBeNull();
  });

  it('counts a view once per member per hour', async () => {
    const s = await postSuggestion(t, author.token);
    const view = (token?: string) =>
      t.call<{ viewsNum: number; counted: boolean }>('POST', `/suggestion/${s._id}/view`, { token });
    expect((await view(bob.token)).body.data).toEqual({ viewsNum: 1, counted: true });
    expect((await view(bob.token)).body.data).toEqual({ viewsNum: 1, counted: false });
    expect((await view(carol.token)).body.data).toEqual({ viewsNum: 2, counted: true });
    expect((await view()).body.data).toEqual({ viewsNum: 3, counted: true });
    expect((await view()).body.data!.counted).toBe(false);
  });

  it('e-mails subscribers about new comments until they unsubscribe', async () => {
    const s = await postSuggestion(t, author.token);
    const sub = await t.call('POST', `/suggestion/${s._id}/subscribe`, { token: carol.token });
    expect(sub.body.data).toEqual({ subscribed: true });
    expect((await detail(s._id, carol.token)).subscribed).toBe(true);
    await comment(s._id, bob.token, { body: 'news for followers' });
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(carol.user.email!) && m.text.includes('news for followers'),
    );
    expect(mail.subject).toBe(`New comment on suggestion #${s.number}`);
    await t.call('POST', `/suggestion/${s._id}/unsubscribe`, { token: carol.token });
    const res = await comment(s._id, bob.token, { body: 'after unsubscribe' });
    expect(res.body.data!.mailed).toBe(1); // the author only
    const followed = await t.call<SuggestionList>('GET', '/suggestion?filter=subscribed', {
      token: carol.token,
    });
    expect(followed.body.data!.list.map((x) => x._id)).not.toContain(s._id);
  });
});

describe('council actions', () => {
  it('refuses members, admins and the secretary', async () => {
    const s = await postSuggestion(t, author.token);
    for (const who of [bob, admin, secretary]) {
      expect(
        (await t.call('POST', `/suggestion/${s._id}/under-consideration`, { token: who.token })).status,
      ).toBe(403);
      const res = await t.call('POST', `/suggestion/${s._id}/request-info`, {
        token: who.token,
        body: { comment: 'x' },
      });
      expect(res.status).toBe(403);
    }
  });

  it('requests more information through a comment, tags it and e-mails the secretary and the author', async () => {
    const s = await postSuggestion(t, author.token);
    const empty = await t.call('POST', `/suggestion/${s._id}/request-info`, {
      token: council.token,
      body: { comment: '' },
    });
    expect(empty.body.error?.fields).toEqual([{ path: 'comment', message: M.commentRequired }]);
    const res = await t.call<{ suggestion: SuggestionDetail; mailed: number }>(
      'POST',
      `/suggestion/${s._id}/request-info`,
      {
        token: council.token,
        body: { comment: 'Please detail the audit budget.' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data!.suggestion.displayStatus).toBe('moreInfoRequired');
    expect(res.body.data!.suggestion.tags).toMatchObject([
      { type: 'INFO_NEEDED', description: 'Please detail the audit budget.' },
    ]);
    // The list row carries the same tag and status (tags are read with the page, for its rows only).
    const listed = await t.call<SuggestionList>('GET', `/suggestion?search=%23${s.number}&searchBy=number`);
    expect(listed.body.data!.list.map((x) => [x._id, x.displayStatus, x.tags.map((g) => g.type)])).toEqual([
      [s._id, 'moreInfoRequired', ['INFO_NEEDED']],
    ]);
    expect(res.body.data!.mailed).toBeGreaterThanOrEqual(2);
    const toSecretary = await t.mailbox.waitFor(
      (m) =>
        m.to.includes(secretary.user.email!) &&
        m.subject === `Suggestion #${s.number}: more information requested`,
    );
    expect(toSecretary.to).toEqual([secretary.user.email]);
    expect(toSecretary.text).toContain('Please detail the audit budget.');
    await t.mailbox.waitFor(
      (m) => m.to.includes(author.user.email!) && m.subject.includes('more information'),
    );
    const comments = await t.call<{ list: SuggestionComment[] }>('GET', `/suggestion/${s._id}/comments`);
    expect(comments.body.data!.list[0]).toMatchObject({
      body: 'Please detail the audit budget.',
      author: { _id: council.user.id },
    });
  });
});

describe('abuse reports', () => {
  it('lets members report once, admins see and handle the report, and a hidden suggestion disappears', async () => {
    const s = await postSuggestion(t, author.token);
    const report = await t.call('POST', `/suggestion/${s._id}/report-abuse`, {
      token: bob.token,
      body: { reason: 'spam' },
    });
    expect(report.body.data).toEqual({ abuseStatus: 'REPORTED' });
    expect(
      (await t.call('POST', `/suggestion/${s._id}/report-abuse`, { token: bob.token, body: {} })).status,
    ).toBe(409);

    expect((await t.call('GET', '/admin/suggestion?abuse=REPORTED', { token: bob.token })).status).toBe(403);
    const queue = await t.call<{ list: { _id: string; reports: { reason: string }[] }[] }>(
      'GET',
      '/admin/suggestion?abuse=REPORTED',
      { token: admin.token },
    );
    const row = queue.body.data!.list.find((x) => x._id === s._id)!;
    expect(row.reports).toMatchObject([{ reason: 'spam', reporter: { _id: bob.user.id } }]);

    const handle = (token: string, action: string) =>
      t.call<SuggestionDetail>('POST', `/admin/suggestion/${s._id}/abuse`, { token, body: { action } });
    expect((await handle(bob.token, 'hide')).status).toBe(403);
    const hidden = await handle(admin.token, 'hide');
    expect(hidden.body.data).toMatchObject({ status: 'ABUSED', abuseStatus: 'HANDLED' });
    expect((await handle(admin.token, 'hide')).status).toBe(409);
    expect((await t.call('GET', `/suggestion/${s._id}`)).status).toBe(404);
    expect((await t.call('GET', `/suggestion/${s._id}`, { token: author.token })).status).toBe(200);
    const all = await t.call<SuggestionList>('GET', '/suggestion?results=20');
    expect(all.body.data!.list.map((x) => x._id)).not.toContain(s._id);
  });

  it('dismisses a report and keeps the suggestion', async () => {
    const s = await postSuggestion(t, author.token);
    await t.call('POST', `/suggestion/${s._id}/report-abuse`, { token: carol.token, body: {} });
    const res = await t.call<SuggestionDetail>('POST', `/admin/suggestion/${s._id}/abuse`, {
      token: admin.token,
      body: { action: 'dismiss' },
    });
    expect(res.body.data).toMatchObject({ status: 'ACTIVE', abuseStatus: 'HANDLED' });
    // Moderation is audited with the act.
    const audit = await t.call<{ list: { action: string; actor: { _id: string } }[] }>(
      'GET',
      `/admin/audit?targetId=${s._id}`,
      { token: admin.token },
    );
    expect(audit.body.data!.list).toMatchObject([
      { action: 'suggestion.abuse_dismiss', actor: { _id: admin.user.id } },
    ]);
  });

  it('hides a reported suggestion the author archived or cancelled meanwhile; a cancelled one stays cancelled otherwise', async () => {
    for (const move of ['archive', 'cancel'] as const) {
      const s = await postSuggestion(t, author.token);
      await t.call('POST', `/suggestion/${s._id}/report-abuse`, { token: carol.token, body: {} });
      expect((await t.call('POST', `/suggestion/${s._id}/${move}`, { token: author.token })).status).toBe(
        200,
      );
      const hidden = await t.call<SuggestionDetail>('POST', `/admin/suggestion/${s._id}/abuse`, {
        token: admin.token,
        body: { action: 'hide' },
      });
      expect(hidden.body.data).toMatchObject({ status: 'ABUSED', abuseStatus: 'HANDLED' });
    }
    const cancelled = await postSuggestion(t, author.token);
    await t.call('POST', `/suggestion/${cancelled._id}/cancel`, { token: author.token });
    const unarchive = await t.call('POST', `/suggestion/${cancelled._id}/unarchive`, { token: author.token });
    expect(unarchive.status).toBe(409);
    expect((await t.call<SuggestionDetail>('GET', `/suggestion/${cancelled._id}`)).body.data!.status).toBe(
      'CANCELLED',
    );
  });
});
