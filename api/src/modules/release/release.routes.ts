import { z } from 'zod';
import {
  releaseInputSchema,
  releaseListSchema,
  releaseParamsSchema,
  releaseSchema,
} from '@cr/contract/release.contract';
import { defineCommand } from '../../http/command';
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
  defineCommand({
    method: 'post',
    path: '/release',
    tag: 'release',
    summary: 'Admin only: add a release note.',
    policy: policy.member,
    body: releaseInputSchema,
    response: releaseSchema,
    run: (tx, { user, body }) => createRelease(tx, user!, body),
  }),
  defineCommand({
    method: 'put',
    path: '/release/:id',
    tag: 'release',
    summary: 'Admin only: edit a release note.',
    policy: policy.member,
    params: releaseParamsSchema,
    body: releaseInputSchema,
    response: releaseSchema,
    run: (tx, { user, params, body }) => editRelease(tx, user!, params.id, body),
  }),
  defineCommand({
    method: 'delete',
    path: '/release/:id',
    tag: 'release',
    summary: 'Admin only: delete a release note.',
    policy: policy.member,
    params: releaseParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    run: (tx, { user, params }) => removeRelease(tx, user!, params.id),
  }),
];
