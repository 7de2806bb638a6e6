import {
  currentUserSchema,
  memberSearchQuerySchema,
  memberSearchResultSchema,
} from '@cr/contract/user.contract';
import { defineRoute, policy } from '../../http/route';
import { getCurrentUser, searchMembers } from './user.service';

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/current_user',
    tag: 'user',
    summary: 'The signed-in user: role, did, email, username, profile, _id, circles, subscribers, createdAt.',
    policy: policy.auth,
    response: currentUserSchema,
    handler: ({ deps, user }) => getCurrentUser(deps.database.db, user!.id),
  }),
  defineRoute({
    method: 'get',
    path: '/user/search',
    tag: 'user',
    summary:
      'Signed-in members find others by username or name (at least 2 characters; at most 8: id, username, name, avatar; never the e-mail). Rate-limited per member.',
    policy: policy.member,
    query: memberSearchQuerySchema,
    response: memberSearchResultSchema,
    handler: ({ deps, user, query }) => searchMembers(deps, user!, query),
  }),
];
