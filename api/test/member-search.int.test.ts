import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSearchResultSchema } from '@cr/contract/user.contract';
import { rateKey } from '../src/http/rate-limit';
import { MEMBER_SEARCH_LIMIT } from '../src/modules/user/user.service';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const search = (q: string, token?: string) =>
  t.call('GET', `/user/search?q=${encodeURIComponent(q)}`, token ? { token } : {});

describe('member search (GET /api/user/search)', () => {
  it('finds members by username and by name as one types; at most 8; never an e-mail', async () => {
    const tag = randomBytes(3).toString('hex');
    const me = await makeUser(db());
    const daniel = await makeUser(db(), {
      username: `counsel_${tag}`,
      firstName: 'Daniel',
      lastName: `Weber${tag}`,
      email: `daniel_${tag}@example.org`,
    });
    const chen = await makeUser(db(), { username: `jiayi_${tag}`, firstName: '嘉怡', lastName: '陈' });
    const hidden = await makeUser(db(), { username: `counsel_x_${tag}`, active: false });

    const byUsername = await search(`counsel_${tag}`, me.token);
    expect(byUsername.status).toBe(200);
    const list = memberSearchResultSchema.parse(byUsername.body.data).list;
    expect(list.map((m) => m._id)).toEqual([daniel.user.id]);
    expect(list[0]).toEqual({
      _id: daniel.user.id,
      username: `counsel_${tag}`,
      name: `Daniel Weber${tag}`,
      avatar: null,
    });
    expect(JSON.stringify(byUsername.body)).not.toContain('@example.org');
    expect(list.some((m) => m._id === hidden.user.id)).toBe(false);

    // By name, case-insensitive; a Chinese name is shown family name first.
    const byName = memberSearchResultSchema.parse((await search(`WEBER${tag}`, me.token)).body.data).list;
    expect(byName.map((m) => m.username)).toEqual([`counsel_${tag}`]);
    const byZh = memberSearchResultSchema.parse((await search('嘉怡', me.token)).body.data).list;
    expect(byZh.map((m) => [m._id, m.name])).toEqual([[chen.user.id, '陈嘉怡']]);

    // LIKE wildcards are plain characters.
    expect(memberSearchResultSchema.parse((await search('%%', me.token)).body.data).list).toEqual([]);

    // Many matches: at most 8, usernames starting with the text first.
    for (let i = 0; i < 10; i++) await makeUser(db(), { username: `zz${tag}_${i}`, firstName: `Ann ${tag}` });
    const many = memberSearchResultSchema.parse((await search(tag, me.token)).body.data).list;
    expect(many.length).toBe(8);
  });

  it('is for signed-in members only, needs 2 characters, and is rate limited per member', async () => {
    expect((await search('council')).status).toBe(401);
    const me = await makeUser(db());
    const short = await search('a', me.token);
    expect(short.status).toBe(400);
    expect(short.body.error?.type).toBe('validation.failed');

    await t.deps.redis.set(
      rateKey(t.deps, MEMBER_SEARCH_LIMIT, me.user.id),
      MEMBER_SEARCH_LIMIT.limit,
      'EX',
      60,
    );
    const limited = await search('council', me.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.type).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
