import { z } from 'zod';
import {
  releaseInputSchema,
  releaseListSchema,
  releaseParamsSchema,
  releaseSchema,
} from '@cr/contract/release.contract';
import { defineRoute, policy } from '../../http/route';
import { createRelease, editRelease, listReleases, removeRelease } from './release.service';

/** What's new: release notes, newest first; only admins write them. */
export const releaseRoutes = [
  defineRoute({
    method: 'get',
    path: '/release',
    tag: 'release',
    summary: 'Every release note, newest first.',
    policy: policy.public,
    response: releaseListSchema,
    handler: ({ deps }) => listReleases(deps),
  }),
  defineRoute({
    method: 'post',
    path: '/release',
    tag: 'release',
    summary: 'Admin only: add a release note.',
    policy: policy.member,
    body: releaseInputSchema,
    response: releaseSchema,
    handler: ({ deps, user, body }) => createRelease(deps, user!, body),
  }),
  defineRoute({
    method: 'put',
    path: '/release/:id',
    tag: 'release',
    summary: 'Admin only: edit a release note.',
    policy: policy.member,
    params: releaseParamsSchema,
    body: releaseInputSchema,
    response: releaseSchema,
    handler: ({ deps, user, params, body }) => editRelease(deps, user!, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/release/:id',
    tag: 'release',
    summary: 'Admin only: delete a release note.',
    policy: policy.member,
    params: releaseParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    handler: ({ deps, user, params }) => removeRelease(deps, user!, params.id),
  }),
];
