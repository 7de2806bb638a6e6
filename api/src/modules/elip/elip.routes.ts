import { z } from 'zod';
import {
  elipDetailSchema,
  elipInputSchema,
  elipListQuerySchema,
  elipListSchema,
  elipMoveInputSchema,
  elipParamsSchema,
  elipReviewInputSchema,
} from '@cr/contract/elip.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import {
  createElip,
  editElip,
  exportElipsCsv,
  getElip,
  listElips,
  moveElipByAuthor,
  removeElip,
  submitElipAsProposal,
  reviewElip,
} from './elip.service';

/**
 * ELIPs (spec §3, §4, §5): the author writes and moves their own, the secretariat reviews, the council votes
 * through the wallet action `vote-elip`. Every route checks the role and the authorship on the server.
 */
export const elipRoutes = [
  defineRoute({
    method: 'get',
    path: '/elip',
    tag: 'elip',
    summary:
      'ELIPs, 10 a page: public statuses for everyone plus your own; every status for the secretariat. Filters: status, type, q, from/to (creation date), sort.',
    policy: policy.public,
    query: elipListQuerySchema,
    response: elipListSchema,
    handler: ({ deps, user, query }) => listElips(deps, user, query),
  }),
  defineRoute({
    method: 'get',
    path: '/elip/export.csv',
    tag: 'elip',
    summary: 'The filtered list as CSV (text/csv, at most 10,000 rows).',
    policy: policy.public,
    query: elipListQuerySchema,
    raw: true,
    handler: async ({ deps, user, query, res }) => {
      const csv = await exportElipsCsv(deps, user, query);
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="elips.csv"');
      res.end('\ufeff' + csv);
    },
  }),
  defineCommand({
    method: 'post',
    path: '/elip',
    tag: 'elip',
    summary: 'Write an ELIP: a personal draft, or (submit) straight to the secretariat’s review.',
    policy: policy.member,
    body: elipInputSchema,
    response: elipDetailSchema,
    run: (tx, { user, body }) => createElip(tx, user!, body),
    answer: (id, { deps, user }) => getElip(deps, user, id),
  }),
  defineRoute({
    method: 'get',
    path: '/elip/:id',
    tag: 'elip',
    summary: 'An ELIP (id or number) with its review history and the council’s votes.',
    policy: policy.public,
    params: elipParamsSchema,
    response: elipDetailSchema,
    handler: ({ deps, user, params }) => getElip(deps, user, params.id),
  }),
  defineCommand({
    method: 'put',
    path: '/elip/:id',
    tag: 'elip',
    summary: 'Author only, in PERSONAL_DRAFT, REJECTED or DRAFT: edit; submit sends it for review.',
    policy: policy.member,
    params: elipParamsSchema,
    body: elipInputSchema,
    response: elipDetailSchema,
    run: (tx, { user, params, body }) => editElip(tx, user!, params.id, body),
    answer: (id, { deps, user }) => getElip(deps, user, id),
  }),
  defineCommand({
    method: 'post',
    path: '/elip/:id/status',
    tag: 'elip',
    summary: 'Author only: submit, finalReview (ask the council), cancel (a DRAFT), personalDraft.',
    policy: policy.member,
    params: elipParamsSchema,
    body: elipMoveInputSchema,
    response: elipDetailSchema,
    run: (tx, { user, params, body }) => moveElipByAuthor(tx, user!, params.id, body.move),
    answer: (id, { deps, user }) => getElip(deps, user, id),
  }),
  defineCommand({
    method: 'post',
    path: '/elip/:id/proposal',
    tag: 'elip',
    summary:
      'A seated council member submits an ELIP the council approved (FINAL_REVIEW, more YES than OPPOSE) as a proposal: it becomes SUBMITTED_AS_PROPOSAL and the member’s proposal draft, linked both ways.',
    policy: policy.member,
    params: elipParamsSchema,
    response: z.object({ proposalId: z.string(), elip: elipDetailSchema }),
    run: (tx, { user, params }) => submitElipAsProposal(tx, user!, params.id),
    answer: async ({ elipId, proposalId }, { deps, user }) => ({
      proposalId,
      elip: await getElip(deps, user, elipId),
    }),
  }),
  defineCommand({
    method: 'post',
    path: '/elip/:id/review',
    tag: 'elip',
    summary:
      'Secretariat only: approve (→ DRAFT) or reject with a comment (→ REJECTED) an ELIP waiting for review.',
    policy: policy.member,
    params: elipParamsSchema,
    body: elipReviewInputSchema,
    response: elipDetailSchema,
    run: (tx, { user, params, body }) => reviewElip(tx, user!, params.id, body),
    answer: (id, { deps, user }) => getElip(deps, user, id),
  }),
  defineCommand({
    method: 'delete',
    path: '/elip/:id',
    tag: 'elip',
    summary: 'Author only: delete a personal draft or a rejected ELIP.',
    policy: policy.member,
    params: elipParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    run: (tx, { user, params }) => removeElip(tx, user!, params.id),
  }),
];
