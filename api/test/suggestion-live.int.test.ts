import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUGGESTION_EVENTS,
  suggestionRoom,
  type SuggestionDetail,
  type SuggestionEvent,
} from '@cr/contract/suggestion.contract';
import { suggestions } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';

type User = Awaited<ReturnType<typeof makeUser>>;
let t: TestApi;
let author: User;
let bob: User;
let council: User;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApi();
  const db = t.deps.database.db;
  author = await makeUser(db);
  bob = await makeUser(db);
  council = await makeUser(db, { role: 'COUNCIL' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.stop();
});

/** A visitor (no session) following one suggestion's room, as the detail page does: every event it hears. */
async function follow(id: string) {
  const socket = connect(t.url, { transports: ['websocket'] });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  expect(await socket.emitWithAck('subscribe', suggestionRoom(id), null)).toEqual({ ok: true });
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  /** Waits for the next event of that name heard after `from` (an index into what was heard). */
  const next = async (event: SuggestionEvent, from: number) => {
    await expect
      .poll(() => heard.slice(from).some((h) => h.event === event), { timeout: 5_000, interval: 20 })
      .toBe(true);
    return heard.slice(from).find((h) => h.event === event)!.payload;
  };
  return { heard, next };
}

describe('a suggestion’s room hears every change its detail page shows', () => {
  it('likes, comments, edits, council tags and status changes, each after it is committed', async () => {
    const s = await postSuggestion(t, author.token);
    const room = await follow(s._id);

    let mark = room.heard.length;
    expect((await t.call('POST', `/suggestion/${s._id}/like`, { token: bob.token })).status).toBe(200);
    expect(await room.next('reaction', mark)).toMatchObject({ likesNum: 1 });
    // What a page reads on the event is already the new state (the cached answer was renewed first).
    const read = async () => (await t.call<SuggestionDetail>('GET', `/suggestion/${s._id}`)).body.data!;
    expect((await read()).likesNum).toBe(1);

    mark = room.heard.length;
    const posted = await t.call('POST', `/suggestion/${s._id}/comments`, {
      token: bob.token,
      body: { body: 'Live comment' },
    });
    expect(posted.status).toBe(200);
    expect(await room.next('comment', mark)).toMatchObject({ body: 'Live comment' });
    expect((await read()).commentsNum).toBe(1);

    mark = room.heard.length;
    const edited = await t.call('PUT', `/suggestion/${s._id}`, {
      token: author.token,
      body: newMotion({ title: 'Edited while watched' }),
    });
    expect(edited.status).toBe(200);
    expect(await room.next('suggestion-updated', mark)).toMatchObject({ version: 2 });
    expect((await read()).title).toBe('Edited while watched');

    // A council request for information is a comment and a tag: the page hears both.
    mark = room.heard.length;
    const asked = await t.call('POST', `/suggestion/${s._id}/request-info`, {
      token: council.token,
      body: { comment: 'Which hardware keys?' },
    });
    expect(asked.status).toBe(200);
    expect(await room.next('comment', mark)).toMatchObject({ body: 'Which hardware keys?' });
    const info = (await room.next('tags', mark)) as { tags: { type: string }[] };
    expect(info.tags.map((x) => x.type)).toContain('INFO_NEEDED');
    expect((await read()).commentsNum).toBe(2);

    // Signing is covered end to end in suggestion-sign.int.test.ts (its room event too); here it is stored.
    await t.deps.database.db.update(suggestions).set({ signed: true }).where(eq(suggestions.id, s._id));
    mark = room.heard.length;
    expect(
      (await t.call('POST', `/suggestion/${s._id}/under-consideration`, { token: council.token })).status,
    ).toBe(200);
    const tags = (await room.next('tags', mark)) as { tags: { type: string }[] };
    expect(tags.tags.map((x) => x.type)).toContain('UNDER_CONSIDERATION');

    mark = room.heard.length;
    expect((await t.call('POST', `/suggestion/${s._id}/cancel`, { token: author.token })).status).toBe(200);
    expect(await room.next('suggestion-status', mark)).toEqual({ status: 'CANCELLED', suggestionId: s._id });
    expect((await read()).status).toBe('CANCELLED');

    // Only the room's own events, only ones the page listens to, each naming its suggestion (one connection
    // hears every room it joined, so the page checks the subject).
    for (const h of room.heard) {
      expect(SUGGESTION_EVENTS).toContain(h.event);
      expect(h.payload).toMatchObject({ suggestionId: s._id });
    }
  });

  it('archive and unarchive reach the room; another suggestion’s changes do not', async () => {
    const s = await postSuggestion(t, author.token);
    const other = await postSuggestion(t, author.token);
    const room = await follow(s._id);
    expect((await t.call('POST', `/suggestion/${other._id}/like`, { token: bob.token })).status).toBe(200);
    expect((await t.call('POST', `/suggestion/${s._id}/archive`, { token: author.token })).status).toBe(200);
    expect(await room.next('suggestion-status', 0)).toEqual({ status: 'ARCHIVED', suggestionId: s._id });
    const mark = room.heard.length;
    expect((await t.call('POST', `/suggestion/${s._id}/unarchive`, { token: author.token })).status).toBe(
      200,
    );
    expect(await room.next('suggestion-status', mark)).toEqual({ status: 'ACTIVE', suggestionId: s._id });
    expect(room.heard.map((h) => h.event)).toEqual(['suggestion-status', 'suggestion-status']);
  });
});
