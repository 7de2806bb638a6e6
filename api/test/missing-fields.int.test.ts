import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elipMessages } from '@cr/contract/elip-messages.contract';
import { FIELD_REQUIRED_MESSAGE } from '@cr/contract/field-messages.contract';
import { PROPOSAL_MESSAGES } from '@cr/contract/proposal.contract';
import { taskMessages } from '@cr/contract/task.contract';
import { teamMessages } from '@cr/contract/team-messages.contract';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

/**
 * Issue 46: a field not sent at all was answered with zod's "Invalid input: expected string, received
 * undefined". Every missing field now gets the words it gets when sent empty (the api's one error map,
 * api/src/http/validate.ts), or "This field is required." where the schema has no words of its own.
 */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

type Body = Record<string, unknown>;
const soon = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const task: Body = {
  name: 'A task with every field',
  category: 'DEVELOPER',
  type: 'TASK',
  description: 'Build a block explorer widget for the portal.',
  infoLink: 'https://example.org/widget',
  location: 'Online',
  applicationDeadline: soon(),
  candidateLimit: 1,
  confirmRules: true,
};
const without = (body: Body, key: string): Body =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

/** The field errors of a refused request, as `path → message`. */
async function refusal(method: 'POST' | 'PUT', path: string, token: string, body: Body) {
  const res = await t.call(method, path, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error?.type).toBe('validation.failed');
  const fields = (res.body.error?.fields ?? []) as { path: string; message: string }[];
  return {
    message: res.body.error!.message,
    fields: Object.fromEntries(fields.map((f) => [f.path, f.message])),
  };
}

describe('a field not sent at all', () => {
  it('gets the message it gets when sent empty, never the raw validation text', async () => {
    const member = await makeUser(t.deps.database.db);
    const council = await makeUser(t.deps.database.db, { role: 'COUNCIL' });
    const elipVote = { elipId: randomUUID(), value: 'YES' };
    const cases: {
      what: string;
      call: (body: Body) => ReturnType<typeof refusal>;
      missing: Body;
      empty: Body;
      field: string;
      message: string;
    }[] = [
      {
        what: 'the vote reason',
        call: (body) => refusal('PUT', '/proposals/1/vote', council.token, body),
        missing: { choice: 'yes' },
        empty: { choice: 'yes', reason: '' },
        field: 'reason',
        message: PROPOSAL_MESSAGES.reasonRequired,
      },
      {
        what: 'the ELIP vote reason',
        call: (body) => refusal('POST', '/wallet/requests', council.token, body),
        missing: { action: 'vote-elip', params: elipVote },
        empty: { action: 'vote-elip', params: { ...elipVote, reason: ' ' } },
        field: 'params.reason',
        message: elipMessages['elip.reason_required'],
      },
      {
        what: "a team's name",
        call: (body) => refusal('POST', '/team', member.token, body),
        missing: { description: 'A team that builds tools for the community.' },
        empty: { name: '', description: 'A team that builds tools for the community.' },
        field: 'name',
        message: teamMessages['team.name_short'],
      },
      {
        what: "a task's category (a choice: no words of its own for empty)",
        call: (body) => refusal('POST', '/task', member.token, body),
        missing: without(task, 'category'),
        empty: { ...task, category: '' },
        field: 'category',
        message: FIELD_REQUIRED_MESSAGE,
      },
      {
        what: "a task's candidate limit",
        call: (body) => refusal('POST', '/task', member.token, body),
        missing: without(task, 'candidateLimit'),
        empty: { ...task, candidateLimit: '' },
        field: 'candidateLimit',
        message: taskMessages['task.required'],
      },
    ];
    for (const c of cases) {
      const missing = await c.call(c.missing);
      const empty = await c.call(c.empty);
      expect(missing.fields[c.field], c.what).toBe(c.message);
      expect(empty.fields[c.field], c.what).toBe(c.message);
      expect(missing.message, c.what).toContain(c.message);
      expect(JSON.stringify(missing), c.what).not.toMatch(/Invalid input|received undefined/);
    }
  });

  it('keeps the words of a rule across fields, and "required" for a whole missing body part', async () => {
    const member = await makeUser(t.deps.database.db);
    // No deadline at all: the cross-field rule's own words, not "required".
    const noDeadline = await refusal('POST', '/task', member.token, without(task, 'applicationDeadline'));
    expect(noDeadline.fields.completionDeadline).toBe(taskMessages['task.deadline_required']);
    // The payment rules never confirmed: the spec's sentence.
    const unconfirmed = await refusal('POST', '/task', member.token, without(task, 'confirmRules'));
    expect(unconfirmed.fields.confirmRules).toBe(taskMessages['task.rules_unconfirmed']);
    // A wallet action without its params: the object is required.
    const noParams = await refusal('POST', '/wallet/requests', member.token, { action: 'vote-elip' });
    expect(noParams.fields.params).toBe(FIELD_REQUIRED_MESSAGE);
  });
});
