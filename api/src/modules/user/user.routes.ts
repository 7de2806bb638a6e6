import { currentUserSchema } from '../../contract/user.contract';
import { defineRoute, policy } from '../../http/route';
import { getCurrentUser } from './user.service';

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
];
