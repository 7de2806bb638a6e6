import { z } from 'zod';
import {
  verifyContractNameSchema,
  verifyInfoSchema,
  verifyProposalsQuerySchema,
  verifyProposalsSchema,
} from '@cr/contract/verify.contract';
import { defineRoute, policy } from '../../http/route';
import { contractAbi, verifyInfo, verifyProposals } from './verify.service';

/** "Verify it yourself": everything a reader needs to check the site against the chain without trusting it. */
export const verifyRoutes = [
  defineRoute({
    method: 'get',
    path: '/verify',
    tag: 'verify',
    summary:
      'The governance chain (chain id, public RPC, deployment block), the contract addresses, and whether the code deployed at each address is the code compiled from this repository.',
    policy: policy.public,
    response: verifyInfoSchema,
    handler: ({ deps }) => verifyInfo(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/verify/abi/:name',
    tag: 'verify',
    summary: 'The ABI of Council, Governance or Treasury, as compiled from this repository.',
    policy: policy.public,
    params: z.object({ name: verifyContractNameSchema }),
    response: z.array(z.unknown()),
    handler: ({ params }) => Promise.resolve(contractAbi(params.name)),
  }),
  defineRoute({
    method: 'get',
    path: '/verify/proposals',
    tag: 'verify',
    summary:
      'Registered proposals as the site shows them next to Governance.proposal(draftHash) read at the indexed height: status and council tally, and whether they agree.',
    policy: policy.public,
    query: verifyProposalsQuerySchema,
    response: verifyProposalsSchema,
    handler: ({ deps, query }) => verifyProposals(deps, query.page),
  }),
];
