import {
  basicProfileSchema,
  fullProfileSchema,
  memberParamsSchema,
  ownProfileSchema,
  publicMemberSchema,
} from '@cr/contract/profile.contract';
import { memberActivitySchema } from '@cr/contract/member-activity.contract';
import { getMemberActivity } from './member-activity.service';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { getOwnProfile, getPublicMember, updateBasicProfile, updateFullProfile } from './profile.service';

export const profileRoutes = [
  defineRoute({
    method: 'get',
    path: '/user/profile',
    tag: 'profile',
    summary: 'My full profile (with e-mail, gender, wallet address, default language).',
    policy: policy.auth,
    response: ownProfileSchema,
    handler: ({ deps, user }) => getOwnProfile(deps.database.db, user!.id),
  }),
  defineCommand({
    method: 'put',
    path: '/user/profile/basic',
    tag: 'profile',
    summary:
      'Edit the basic profile: username, first and last name, country (required), avatar, banner, motto, language.',
    policy: policy.auth,
    body: basicProfileSchema,
    response: ownProfileSchema,
    run: (tx, { user, body }) => updateBasicProfile(tx, user!, body),
  }),
  defineCommand({
    method: 'put',
    path: '/user/profile/full',
    tag: 'profile',
    summary:
      'Edit the whole profile: the basic fields plus gender, timezone, bio (required), profession, skillsets, wallet address, social links.',
    policy: policy.auth,
    body: fullProfileSchema,
    response: ownProfileSchema,
    run: (tx, { user, body }) => updateFullProfile(tx, user!, body),
  }),
  defineRoute({
    method: 'get',
    path: '/member/:userId',
    tag: 'profile',
    summary: 'A public member page: never the e-mail or any other private field.',
    policy: policy.public,
    params: memberParamsSchema,
    response: publicMemberSchema,
    handler: ({ deps, params }) => getPublicMember(deps.database.db, params.userId),
  }),
  defineRoute({
    method: 'get',
    path: '/member/:userId/activity',
    tag: 'profile',
    summary:
      'A member’s public activity: suggestions, proposals, council votes and communities (newest first).',
    policy: policy.public,
    params: memberParamsSchema,
    response: memberActivitySchema,
    handler: ({ deps, params }) => getMemberActivity(deps.database.db, params.userId),
  }),
];
