import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '../../contract/proposal.contract';
import type { Db } from '../../db/db-client';
import { proposalNotifications, proposals } from '../../db/schema/proposal.schema';
import { users } from '../../db/schema/users.schema';
import type { Mailer } from '../../mail/mailer';
import { readChainClock } from './proposal-clock';
import { etaOf } from './proposal-rules';

/**
 * Delivery of the proposal e-mails the worker schedules (proposal_notifications): one message per recipient,
 * never a shared To: list. A row is claimed (`sending`) in a committed transaction before its message is sent,
 * so two senders never send the same row; a failed send goes back to `pending` (up to 5 attempts).
 */

export interface ProposalMailerOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  chainId: number | undefined;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}

const MAX_ATTEMPTS = 5;

function message(
  kind: string,
  p: { number: number | null; title: string; id: string; votingEndHeight: number | null },
  url: string,
  eta: Date | null,
): { subject: string; text: string } {
  const ref = `Proposal #${p.number ?? '?'}`;
  if (kind.startsWith('reminder:')) {
    const when = eta ? ` (about ${eta.toISOString().replace('T', ' ').slice(0, 16)} UTC)` : '';
    return {
      subject: `${ref}: council voting ends at block ${p.votingEndHeight}${when}`,
      text:
        `${ref} "${p.title}" is waiting for your vote. The council voting window closes at block ` +
        `${p.votingEndHeight}${when}. Vote with a reason and post your vote to the chain:\n${url}\n`,
    };
  }
  const status = kind.slice('status:'.length) as ProposalStatus;
  const label = PROPOSAL_STATUS_LABELS[status] ?? status;
  return {
    subject: `${ref} is now ${label}`,
    text: `Your proposal ${ref} "${p.title}" is now ${label}.\n${url}\n`,
  };
}

/** Sends up to `limit` pending notifications; returns how many were sent. */
export async function deliverProposalMail(opts: ProposalMailerOptions, limit = 20): Promise<number> {
  const { db } = opts;
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: proposalNotifications.id })
      .from(proposalNotifications)
      .where(eq(proposalNotifications.status, 'pending'))
      .orderBy(proposalNotifications.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(proposalNotifications)
      .set({ status: 'sending', attempts: sql`${proposalNotifications.attempts} + 1` })
      .where(
        and(
          inArray(
            proposalNotifications.id,
            rows.map((r) => r.id),
          ),
          eq(proposalNotifications.status, 'pending'),
        ),
      )
      .returning();
  });
  if (claimed.length === 0) return 0;
  const clock = await readChainClock(db, opts.chainId);
  let sent = 0;
  for (const n of claimed) {
    const [row] = await db
      .select({
        email: users.email,
        active: users.active,
        id: proposals.id,
        number: proposals.number,
        title: proposals.title,
        votingEndHeight: proposals.votingEndHeight,
      })
      .from(proposalNotifications)
      .innerJoin(users, eq(users.id, proposalNotifications.recipientId))
      .innerJoin(proposals, eq(proposals.id, proposalNotifications.proposalId))
      .where(eq(proposalNotifications.id, n.id));
    if (!row?.email || !row.active) {
      await db
        .update(proposalNotifications)
        .set({ status: 'skipped', lastError: 'no e-mail address' })
        .where(eq(proposalNotifications.id, n.id));
      continue;
    }
    const eta = row.votingEndHeight !== null ? etaOf(row.votingEndHeight, clock) : null;
    const url = new URL(`/proposals/${row.number ?? row.id}`, opts.publicUrl).toString();
    const mail = message(n.kind, row, url, eta);
    try {
      await opts.mailer.send({ to: row.email, ...mail });
      await db
        .update(proposalNotifications)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(proposalNotifications.id, n.id));
      sent++;
    } catch (err) {
      await db
        .update(proposalNotifications)
        .set({
          status: n.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          lastError: (err as Error).message.slice(0, 500),
        })
        .where(eq(proposalNotifications.id, n.id));
      opts.onError?.(err);
    }
  }
  return sent;
}

/** Runs delivery every `intervalMs` (default 2 s) until stopped. */
export function startProposalMailer(opts: ProposalMailerOptions): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        while ((await deliverProposalMail(opts)) > 0 && !stopped);
      } catch (err) {
        opts.onError?.(err);
      }
    });
  }, opts.intervalMs ?? 2_000);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
