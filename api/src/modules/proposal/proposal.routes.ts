import { z } from 'zod';
import {
  castVoteResultSchema,
  castVoteSchema,
  proposalDetailSchema,
  proposalDraftInputSchema,
  proposalListQuerySchema,
  proposalListSchema,
  proposalRefParamsSchema,
} from '@cr/contract/proposal.contract';
import { unauthorized } from '@cr/core/errors/app-error';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { clientAddress } from '../../http/rate-limit';
import { proposalArchiveSchema } from '@cr/contract/proposal-archive.contract';
import { buildProposalArchive } from './proposal-archive.service';
import { exportProposalRows, listProposals } from './proposal-list.service';
import { castVote, castVoteAnswer } from './proposal-vote.service';
import { createDraft, deleteDraft, getProposalDetail, updateDraft } from './proposal.service';

const TAG = 'proposals';

/**
 * Proposal routes. Council membership is checked by the services against the chain index (the seat in the
 * current term, or in the proposal's term for votes), so the route policy is "signed in"; reads are public.
 * Making a proposal, posting a vote and vetoing are wallet actions (POST /api/wallet/requests with action
 * make-proposal, vote or veto and its params).
 */
export const proposalRoutes = [
  defineRoute({
    method: 'get',
    path: '/proposals',
    tag: TAG,
    summary:
      'Proposals: status filter (comma list; DRAFT = my drafts), creation date range, search by title / number / proposer, unvoted by me, sorts, page.',
    policy: policy.public,
    query: proposalListQuerySchema,
    response: proposalListSchema,
    cache: { scope: 'proposals' },
    handler: ({ deps, user, query }) => listProposals(deps, user, query),
  }),
  defineRoute({
    method: 'get',
    path: '/proposals/export.csv',
    tag: TAG,
    summary: 'The filtered list as CSV (text/csv, at most 10,000 rows, no e-mails).',
    policy: policy.public,
    query: proposalListQuerySchema,
    raw: true,
    handler: async ({ deps, user, query, res }) => {
      const rows = exportProposalRows(deps, user, query);
      const first = await rows.next();
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="proposals.csv"');
      res.write('\ufeff');
      if (!first.done) res.write(first.value);
      for await (const chunk of rows) res.write(chunk);
      res.end();
    },
  }),
  defineRoute({
    method: 'get',
    path: '/proposals/:id',
    tag: TAG,
    summary:
      'A proposal by id or number: content, votes per council member (choice, reason, time, chain status), windows by height with ETAs, veto total and threshold, on-chain transactions.',
    policy: policy.public,
    params: proposalRefParamsSchema,
    response: proposalDetailSchema,
    cache: { scope: 'proposals' },
    handler: ({ deps, user, params }) => getProposalDetail(deps, user, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/proposals/:id/archive',
    tag: TAG,
    summary:
      'The proposal archive (docs/verify.md): one JSON file (attachment proposal-<number>.json, not enveloped) with the texts, every statement as signed with its DID signature (the conclusion’s two among them), the published tracking messages and summary with their reviews and the hashes stored when published, the ownership changes and terminations, the ELIP, the signers’ keys and DID documents, and the transaction hashes, for the offline verifier (npm run verify).',
    policy: policy.public,
    params: proposalRefParamsSchema,
    response: proposalArchiveSchema,
    raw: true,
    handler: async ({ deps, params, req, res }) => {
      const archive = await buildProposalArchive(deps, params.id, clientAddress(req));
      res.status(200);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="proposal-${archive.proposal.number}.json"`);
      res.send(`${JSON.stringify(archive, null, 2)}\n`);
      return archive;
    },
  }),
  defineCommand({
    method: 'post',
    path: '/proposals',
    tag: TAG,
    summary:
      'Create a DRAFT proposal (council members seated on chain). Published with the wallet action make-proposal.',
    policy: policy.member,
    body: proposalDraftInputSchema,
    response: proposalDetailSchema,
    run: (tx, { deps, user, body }) => createDraft(tx, deps.config.CHAIN_ID, user ?? fail(), body),
    answer: (id, { deps, user }) => getProposalDetail(deps, user, id),
  }),
  defineCommand({
    method: 'put',
    path: '/proposals/:id',
    tag: TAG,
    summary: 'Edit my DRAFT proposal (/proposals/{id}/edit).',
    policy: policy.member,
    params: proposalRefParamsSchema,
    body: proposalDraftInputSchema,
    response: proposalDetailSchema,
    run: (tx, { deps, user, params, body }) =>
      updateDraft(tx, deps.config.CHAIN_ID, user ?? fail(), params.id, body),
    answer: (id, { deps, user }) => getProposalDetail(deps, user, id),
  }),
  defineCommand({
    method: 'delete',
    path: '/proposals/:id',
    tag: TAG,
    summary: 'Delete my DRAFT proposal.',
    policy: policy.member,
    params: proposalRefParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    run: (tx, { user, params }) => deleteDraft(tx, user ?? fail(), params.id),
  }),
  defineCommand({
    method: 'put',
    path: '/proposals/:id/vote',
    tag: TAG,
    summary:
      'Vote yes / oppose / abstain with a reason (a seated council member of the proposal’s term, inside the voting window); a later vote replaces the earlier one. Then post it with the wallet action vote.',
    policy: policy.member,
    params: proposalRefParamsSchema,
    body: castVoteSchema,
    response: castVoteResultSchema,
    run: (tx, { deps, user, params, body }) => castVote(tx, deps, user ?? fail(), params.id, body),
    answer: (vote, { deps }) => castVoteAnswer(deps, vote),
  }),
];

function fail(): never {
  throw unauthorized();
}
