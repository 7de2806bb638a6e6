import type { Db } from '@cr/core/db/db-client';
import type { Logger } from '@cr/core/log/logger';
import { pruneExpiredAccountCodes } from './modules/account/account.repo';
import { runMessageDigest } from './modules/social/message-digest';
import type { MailQueue } from '@cr/core/queues/mail-queue';
import { pruneUnsignedWalletRequests } from './modules/wallet/wallet-request.repo';

/** Rows that can never be used again are kept this long past their expiry (a late poll, an incident's trail). */
export const HOUSEKEEPING_GRACE_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 10 * 60 * 1000;

/**
 * One pass: unsigned QR requests, e-mailed codes and reset links a day past their expiry are deleted, so nobody
 * can grow the tables by asking for QR codes or codes they never use. Idempotent; any number of api instances may
 * run it. Returns how many rows went.
 */
export async function runHousekeeping(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HOUSEKEEPING_GRACE_MS);
  const BATCH = 1000;
  let removed = 0;
  let batch: number;
  do {
    batch = await pruneUnsignedWalletRequests(db, before, BATCH);
    removed += batch;
  } while (batch === BATCH);
  return removed + (await pruneExpiredAccountCodes(db, before));
}

/** Runs `runHousekeeping` at start and then every `intervalMs` (default 10 minutes) until stopped. */
export function startHousekeeping(opts: {
  db: Db;
  logger: Logger;
  intervalMs?: number;
  /** When given, each pass also mails the digest of unread direct messages (runMessageDigest). */
  mailQueue?: MailQueue;
}): {
  stop(): Promise<void>;
} {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const removed = await runHousekeeping(opts.db);
        if (removed > 0) opts.logger.info({ removed }, 'housekeeping: expired rows deleted');
        if (opts.mailQueue) {
          const digests = await runMessageDigest({
            db: opts.db,
            mailQueue: opts.mailQueue,
            logger: opts.logger,
          });
          if (digests > 0) opts.logger.info({ digests }, 'housekeeping: message digests queued');
        }
      } catch (err) {
        opts.logger.warn({ err }, 'housekeeping pass failed');
      }
    });
  };
  pass();
  const timer = setInterval(pass, opts.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
