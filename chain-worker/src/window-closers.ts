import type { Db } from '@cr/core/db/db-client';
import type { AfterCommit } from '@cr/core/effects/after-commit';

/**
 * A finalize call the block watcher should make because a window closed (e.g. a proposal's council voting
 * window at registration height + VOTING_PERIOD_BLOCKS). It becomes a chain action of kind
 * `<subjectType>.finalize`, unique by `dedupeKey`, processed by the finalize queue.
 */
export interface FinalizeCall {
  subjectType: string;
  subjectId: string;
  /** Unique per subject and window, e.g. `finalize:proposal:<id>:council` — asking twice makes one action. */
  dedupeKey: string;
  /** The contract and the ABI-encoded finalize call. */
  to: string;
  data: string;
}

/** What a closer answers: the finalize calls due, and the effects of the transactions it committed itself. */
export interface ClosedWindows {
  calls: FinalizeCall[];
  /** Run by the watcher's after-commit mechanism (e.g. the reminder e-mails the closer recorded). */
  effects?: AfterCommit;
}

/**
 * The pluggable hook the watcher calls on every new height. The proposal module implements it
 * (api/src/modules/proposal/proposal-worker-plugin.ts): proposals whose window ended at or before `height` and are
 * not finalized yet, and their calls.
 * It must be cheap (an indexed query) and may return the same call again: the dedupe key makes it idempotent.
 * It publishes and queues nothing by itself: what its own committed transactions announce it answers as effects.
 */
export interface WindowCloser {
  name: string;
  closedWindows(height: number, db: Db): Promise<ClosedWindows>;
}
