import { z } from 'zod';
import { getChainActionView, markForRetry, requeueRetried } from '@cr/core/chain/chain-action.service';
import { getChainHead } from '@cr/core/chain/chain-index.repo';
import { chainActionViewSchema, chainHeadSchema } from '@cr/contract/chain.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';

export const chainRoutes = [
  defineRoute({
    method: 'get',
    path: '/chain/head',
    tag: 'chain',
    summary:
      'The chain height the block watcher last saw and the observed block interval (for ETAs); null until known.',
    policy: policy.public,
    response: chainHeadSchema.nullable(),
    handler: async ({ deps }) => {
      const chainId = deps.config.CHAIN_ID;
      const head = chainId ? await getChainHead(deps.database.db, chainId) : undefined;
      if (!head) return null;
      return {
        chainId: head.chainId,
        height: head.height,
        avgBlockMs: head.avgBlockMs,
        observedAt: head.observedAt.toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/chain-actions/:id',
    tag: 'chain',
    summary: 'The on-chain status of one action (unchain, chaining, chained, failed).',
    policy: policy.public,
    params: z.object({ id: z.uuid() }),
    response: chainActionViewSchema,
    handler: ({ deps, params }) => getChainActionView(deps.database.db, params.id),
  }),
  defineCommand({
    method: 'post',
    path: '/chain-actions/:id/retry',
    tag: 'chain',
    summary:
      'Queue a failed relayed action again. Its signatures are fixed, so a retry can only post what was signed.',
    policy: policy.member,
    params: z.object({ id: z.uuid() }),
    response: chainActionViewSchema,
    run: async (tx, { params }) => ({ result: await markForRetry(tx, params.id) }),
    answer: (row, { deps }) => requeueRetried(deps.chainQueues, deps.events, row),
  }),
];
