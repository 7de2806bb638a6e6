import { inboxReadSchema, inboxSchema } from '@cr/contract/inbox.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { markInboxRead, readInbox } from './inbox.service';

const TAG = 'inbox';

/** The member's inbox (docs/inbox.md): always the session's member, never a user named in the request. */
export const inboxRoutes = [
  defineRoute({
    method: 'get',
    path: '/inbox',
    tag: TAG,
    summary:
      'What needs me now, by role (votes awaited, reviews awaited, rejections to fix, withdrawals ready) and comments or mentions on my suggestions, with the unread count.',
    policy: policy.member,
    response: inboxSchema,
    handler: ({ deps, user }) => readInbox(deps, user!),
  }),
  defineCommand({
    method: 'post',
    path: '/inbox/read',
    tag: TAG,
    summary: 'Mark items of my inbox read: `{ keys }` (only keys now in my inbox count) or `{ all: true }`.',
    policy: policy.member,
    body: inboxReadSchema,
    response: inboxSchema,
    run: (tx, { deps, user, body }) => markInboxRead(tx, deps, user!, body),
    // The inbox as it stands once committed.
    answer: (_done, { deps, user }) => readInbox(deps, user!),
  }),
];
