import { getChainAction } from '../../chain/chain-action.repo';
import { dispatchAfterCommit } from '../../chain/chain-outbox';
import type { AppDeps } from '../../app-deps';

/**
 * Hands a chain action recorded inside a wallet action's `apply()` to the worker once that transaction has
 * committed. `apply()` has no after-commit hook, so this waits (outside the transaction) until the row is
 * visible: on PGlite the read queues behind the transaction; on PostgreSQL it polls. A rolled-back row never
 * appears and nothing is enqueued; if Redis is down the outbox dispatcher enqueues it later.
 */
export function dispatchWhenCommitted(deps: AppDeps, actionId: string, timeoutMs = 30_000): void {
  const deadline = Date.now() + timeoutMs;
  const attempt = async (): Promise<void> => {
    const row = await getChainAction(deps.database.db, actionId);
    if (row) {
      const result = await dispatchAfterCommit(deps.chainQueues, row);
      if (!result.enqueued)
        deps.logger.warn({ err: result.error, actionId }, 'chain action left for the outbox dispatcher');
      return;
    }
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
    return attempt();
  };
  setImmediate(() => {
    attempt().catch((err: unknown) =>
      deps.logger.warn({ err, actionId }, 'could not dispatch a chain action'),
    );
  });
}
