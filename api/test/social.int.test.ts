import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX_LENGTH,
  conversationListSchema,
  directMessageSchema,
  followStateSchema,
  socialMessages,
  threadSchema,
  type DirectMessage,
} from '@cr/contract/social.contract';
import { directMessages } from '@cr/core/db/schema';
import { runMessageDigest } from '../src/modules/social/message-digest';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.stop();
});

const db = () => t.deps.database.db;
const M = socialMessages;
type Member = Awaited<ReturnType<typeof makeUser>>;
const member = () => makeUser(db());
const send = (from: Member | null, to: Member, content: string) =>
  t.call('POST', `/social/messages/${to.user.id}`, { token: from?.token, body: { content } });
const thread = (viewer: Member, other: Member) =>
  t.call('GET', `/social/messages/${other.user.id}`, { token: viewer.token });

async function socketOf(m: Member): Promise<Socket> {
  const s = connect(t.url, { transports: ['websocket'] });
  sockets.push(s);
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  expect(await s.emitWithAck('subscribe', `user:${m.user.id}`, m.token)).toEqual({ ok: true });
  return s;
}

describe('follow', () => {
  it('follows and unfollows (idempotent), with counts on the member page', async () => {
    const [a, b] = [await member(), await member()];
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', `/social/users/${b.user.id}/follow`, { token: a.token });
      expect(res.status).toBe(200);
      expect(followStateSchema.parse(res.body.data)).toMatchObject({ followers: 1, iFollow: true });
    }
    await t.call('POST', `/social/users/${a.user.id}/follow`, { token: b.token });
    const pub = followStateSchema.parse((await t.call('GET', `/social/users/${a.user.id}`)).body.data);
    expect(pub).toEqual({ followers: 1, following: 1, iFollow: false, iBlocked: false, blockedMe: false });
    const un = await t.call('DELETE', `/social/users/${b.user.id}/follow`, { token: a.token });
    expect(followStateSchema.parse(un.body.data)).toMatchObject({ followers: 0, iFollow: false });
    const again = await t.call('DELETE', `/social/users/${b.user.id}/follow`, { token: a.token });
    expect(again.status).toBe(200);
  });

  it('refuses following yourself, signed out, an unknown member', async () => {
    const a = await member();
    const self = await t.call('POST', `/social/users/${a.user.id}/follow`, { token: a.token });
    expect(self.status).toBe(400);
    expect(self.body.error).toMatchObject({ type: 'social.self_follow', message: M['social.self_follow'] });
    const anon = await t.call('POST', `/social/users/${a.user.id}/follow`);
    expect(anon.status).toBe(401);
    expect(anon.body.error?.type).toBe('social.follow_login');
    const unknown = await t.call('POST', `/social/users/00000000-0000-4000-8000-000000000000/follow`, {
      token: a.token,
    });
    expect(unknown.status).toBe(404);
    const counts = followStateSchema.parse((await t.call('GET', `/social/users/${a.user.id}`)).body.data);
    expect(counts).toMatchObject({ followers: 0, following: 0 });
  });
});

describe('block', () => {
  it('a blocked member can neither follow nor message; unblocking allows it again', async () => {
    const [a, b] = [await member(), await member()];
    await t.call('POST', `/social/users/${a.user.id}/follow`, { token: b.token });
    const blocked = await t.call('POST', `/social/users/${b.user.id}/block`, { token: a.token });
    expect(followStateSchema.parse(blocked.body.data)).toMatchObject({ iBlocked: true, followers: 0 });

    const f = await t.call('POST', `/social/users/${a.user.id}/follow`, { token: b.token });
    expect(f.status).toBe(403);
    expect(f.body.error).toMatchObject({ type: 'social.blocked', message: M['social.blocked'] });
    const m = await send(b, a, 'hello?');
    expect(m.status).toBe(403);
    expect(m.body.error?.type).toBe('social.blocked');
    // The blocker is told to unblock first.
    const back = await send(a, b, 'hi');
    expect(back.status).toBe(403);
    expect(back.body.error?.type).toBe('social.you_blocked');
    const seen = followStateSchema.parse(
      (await t.call('GET', `/social/users/${a.user.id}`, { token: b.token })).body.data,
    );
    expect(seen.blockedMe).toBe(true);
    const selfBlock = await t.call('POST', `/social/users/${a.user.id}/block`, { token: a.token });
    expect(selfBlock.body.error?.type).toBe('social.self_block');

    await t.call('DELETE', `/social/users/${b.user.id}/block`, { token: a.token });
    expect((await send(b, a, 'thanks')).status).toBe(200);
    expect((await t.call('POST', `/social/users/${a.user.id}/follow`, { token: b.token })).status).toBe(200);
  });

  it('blocking needs a session', async () => {
    const a = await member();
    expect((await t.call('POST', `/social/users/${a.user.id}/block`)).status).toBe(401);
  });
});

describe('direct messages', () => {
  it('refuses a message signed out, to yourself, empty or too long; nothing is stored', async () => {
    const [a, b] = [await member(), await member()];
    const anon = await send(null, b, 'hi');
    expect(anon.status).toBe(401);
    expect(anon.body.error).toMatchObject({
      type: 'social.message_login',
      message: 'You must login/register first to send a message',
    });
    const self = await send(a, a, 'hi');
    expect(self.status).toBe(400);
    expect(self.body.error?.message).toBe('You cannot send a message to yourself');
    expect((await send(a, b, ' \n\u0000 ')).status).toBe(400);
    const long = await send(a, b, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body.error)).toContain(M['social.message_too_long']);
    const list = conversationListSchema.parse(
      (await t.call('GET', '/social/messages', { token: b.token })).body.data,
    );
    expect(list).toEqual({ list: [], unread: 0 });
  });

  it('stores plain text, delivers it live only to the recipient, counts unread, marks read', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const bSocket = await socketOf(b);
    const cSocket = await socketOf(c);
    const cGot: unknown[] = [];
    cSocket.on('message', (m) => cGot.push(m));
    const live = new Promise<DirectMessage>((resolve) => bSocket.once('message', resolve));
    const res = await send(a, b, '  <b>hello</b>\u202e\n\n\n\nthere  ');
    expect(res.status).toBe(200);
    const sent = directMessageSchema.parse(res.body.data);
    expect(sent.content).toBe('<b>hello</b>\n\nthere');
    expect(await live).toEqual(sent);

    await send(a, b, 'second');
    const list = conversationListSchema.parse(
      (await t.call('GET', '/social/messages', { token: b.token })).body.data,
    );
    expect(list.unread).toBe(2);
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ with: { _id: a.user.id }, unread: 2, last: { content: 'second' } });
    expect((await t.call('GET', '/social/messages/unread', { token: b.token })).body.data).toEqual({
      unread: 2,
    });

    const th = threadSchema.parse((await thread(b, a)).body.data);
    expect(th.list.map((m) => m.content)).toEqual(['<b>hello</b>\n\nthere', 'second']);
    const read = await t.call('POST', `/social/messages/${a.user.id}/read`, { token: b.token });
    expect(read.body.data).toEqual({ unread: 0 });
    // The sender's own unread count is untouched by their sent messages.
    expect((await t.call('GET', '/social/messages/unread', { token: a.token })).body.data).toEqual({
      unread: 0,
    });
    expect(cGot).toEqual([]);
  });

  it('privacy: a third member cannot read, mark read, or listen to a conversation', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await send(a, b, 'private between a and b');
    // C asking for "my conversation with A" sees only C's own (empty) conversation.
    const th = threadSchema.parse((await thread(c, a)).body.data);
    expect(th.list).toEqual([]);
    const cList = conversationListSchema.parse(
      (await t.call('GET', '/social/messages', { token: c.token })).body.data,
    );
    expect(cList.list).toEqual([]);
    // C marking "A's messages" read changes nothing for B.
    await t.call('POST', `/social/messages/${a.user.id}/read`, { token: c.token });
    expect((await t.call('GET', '/social/messages/unread', { token: b.token })).body.data).toEqual({
      unread: 1,
    });
    // Signed out: nothing readable.
    expect((await t.call('GET', `/social/messages/${a.user.id}`)).status).toBe(401);
    expect((await t.call('GET', '/social/messages')).status).toBe(401);
    // C cannot join B's personal room, with C's own token or none.
    const s = connect(t.url, { transports: ['websocket'] });
    sockets.push(s);
    await new Promise<void>((resolve) => s.once('connect', () => resolve()));
    expect(await s.emitWithAck('subscribe', `user:${b.user.id}`, c.token)).toEqual({ ok: false });
    expect(await s.emitWithAck('subscribe', `user:${b.user.id}`, null)).toEqual({ ok: false });
  });

  it('pages the thread (30 a page, older with before)', async () => {
    const [a, b] = [await member(), await member()];
    const base = Date.now() - 60_000;
    await db()
      .insert(directMessages)
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          senderId: i % 2 ? a.user.id : b.user.id,
          recipientId: i % 2 ? b.user.id : a.user.id,
          content: `m${i}`,
          createdAt: new Date(base + i * 100),
        })),
      );
    const first = threadSchema.parse((await thread(a, b)).body.data);
    expect(first.list).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.list.at(-1)?.content).toBe('m34');
    const older = await t.call(
      'GET',
      `/social/messages/${b.user.id}?before=${encodeURIComponent(first.list[0]!.createdAt)}`,
      { token: a.token },
    );
    const page2 = threadSchema.parse(older.body.data);
    expect(page2.list.map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(page2.hasMore).toBe(false);
  });
});

describe('digest', () => {
  it('e-mails unread messages older than an hour once, in the recipient’s language; read ones are not', async () => {
    const [a, b] = [await member(), await makeUser(db(), { profile: { defaultLanguage: 'zh' } })];
    const c = await member();
    const old = new Date(Date.now() - 2 * 3600_000);
    await db()
      .insert(directMessages)
      .values([
        { senderId: a.user.id, recipientId: b.user.id, content: 'one', createdAt: old },
        { senderId: a.user.id, recipientId: b.user.id, content: 'two', createdAt: old },
        { senderId: a.user.id, recipientId: c.user.id, content: 'read', createdAt: old, readAt: new Date() },
        { senderId: c.user.id, recipientId: a.user.id, content: 'recent', createdAt: new Date() },
      ]);
    const deps = { db: db(), mailQueue: t.deps.mailQueue, logger: t.deps.logger };
    expect(await runMessageDigest(deps)).toBeGreaterThanOrEqual(1);
    const mail = await t.mailbox.waitFor((m) => m.to.includes(b.user.email!));
    expect(mail.subject).toBe('Cyber Republic 未读私信');
    expect(mail.text).toContain('2 条未读私信');
    expect(mail.text).toContain('/profile/messages');
    expect(mail.text).not.toContain('one');
    // A second pass (and another instance's) mails nothing more.
    expect(await runMessageDigest(deps)).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(t.mailbox.messages().filter((m) => m.to.includes(b.user.email!))).toHaveLength(1);
    expect(t.mailbox.messages().filter((m) => m.to.includes(c.user.email!))).toHaveLength(0);
    expect(t.mailbox.messages().filter((m) => m.to.includes(a.user.email!))).toHaveLength(0);
  });
});
