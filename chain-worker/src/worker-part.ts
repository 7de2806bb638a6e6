import type { ProcessPart } from '@cr/api/app-composition';
import { openMailQueue } from '@cr/core/queues/mail-queue';
import { registerOpsGauges } from '@cr/core/metrics/ops-metrics';
import { sharedOpsStatus } from '@cr/core/metrics/ops-status';
import { governancePlugins } from './governance-plugins';
import { governanceIndexing, type WorkerConfig } from './worker-config';
import type { WorkerLogger } from './worker-logger';
import { startWorkers } from './worker-registry';

/**
 * The chain worker as a part of a composed process (api/src/app-composition.ts): `npm run start:worker` runs it
 * alone, `npm start` next to the api. The contract configuration is checked here, before anything is opened, so a
 * bad one stops start-up at once.
 */
export function chainWorkerPart(config: WorkerConfig, logger: WorkerLogger): ProcessPart {
  const indexing = governanceIndexing(config);
  return async (shared) => {
    if (indexing)
      logger.info(
        { fromBlock: indexing.fromBlock, ...indexing.addresses },
        'indexing the governance contracts from their deployment block',
      );
    else logger.warn({}, 'governance contract addresses not set: no events are indexed');
    // Proposal e-mails are queued here and sent by an api's mail worker (same Redis, same QUEUE_PREFIX).
    const mailQueue = openMailQueue(shared.redis, config.QUEUE_PREFIX);
    const workers = await startWorkers({
      db: shared.database.db,
      redis: shared.redis,
      config,
      logger,
      events: shared.events,
      metrics: shared.metrics,
      plugins: indexing
        ? governancePlugins(indexing.addresses, indexing.fromBlock, {
            chainId: config.CHAIN_ID,
            mail: { mailQueue, logger },
          })
        : undefined,
    });
    // The operators' gauges read on scrape (the api's, when it runs in this process too, are the same figures).
    registerOpsGauges(
      shared.metrics,
      sharedOpsStatus({
        role: shared.metrics.role,
        database: shared.database,
        queues: [
          workers.queues.submit,
          workers.queues.confirm,
          workers.queues.track,
          workers.queues.finalize,
          mailQueue,
        ],
        chain: { provider: workers.context.provider, chainId: config.CHAIN_ID },
        relayers: shared.metrics.relayers,
      }),
    );
    return {
      async stop() {
        await workers.stop();
        await mailQueue.close();
      },
    };
  };
}
