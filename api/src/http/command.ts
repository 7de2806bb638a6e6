import type { AppDeps } from '../app-deps';
import type { Db } from '@cr/core/db/db-client';
import { runAfterCommit, type AfterCommit } from '@cr/core/effects/after-commit';
import { MailNotQueuedError } from '@cr/core/queues/mail-queue';
import type { AuthUser } from '../modules/session/auth-user';
import type {} from './express-request';
import { clientAddress } from './rate-limit';
import { defineRoute, type RouteDef } from './route';

/** What a command reads: the route's validated input and the caller (never the request or the response). */
export interface CommandContext<P, Q, B> {
  deps: AppDeps;
  /** The signed-in user, or null on a public command without a valid token. */
  user: AuthUser | null;
  params: P;
  query: Q;
  body: B;
  /** The request's id (the audit log names it). */
  requestId: string;
  /** The caller's address (`clientAddress`: rate limits, view counts of signed-out visitors). */
  clientAddress: string;
}

/** What `run()` hands back: its result, and the effects the mechanism runs once the transaction committed. */
export type CommandOutcome<T> = AfterCommit & { result: T };

/**
 * One write of the api (a POST, PUT, PATCH or DELETE route that changes data), declared like a route (path, policy,
 * the contract's params, query and body schemas, the response schema) with, instead of a handler:
 * - `run(tx, ctx)`: the domain rules (throw an AppError to refuse, which rolls everything back) and the change, all
 *   through `tx`; it answers its result and the change's effects (chain jobs, cache renewals, live events, e-mail),
 *   and never publishes, enqueues or mails by itself;
 * - `answer` (optional): what the route answers once the transaction committed and the effects ran, when it is not
 *   the result itself (a view read from the committed state). `mailFailed` is true when e-mail the change asked for
 *   could not be queued (MailNotQueuedError): the change stands and `answer` says so; without `answer`, that error
 *   goes on to the caller as it does from `runAfterCommit`.
 * The mechanism (`defineCommand`) runs `run` in one transaction, commits, runs the effects (`runAfterCommit`, the
 * one after-commit policy, as for wallet actions), then answers. Policies, validation and the envelope are the
 * route's (mountRoutes); so is `renews`.
 */
export interface CommandDef<P, Q, B, R, T> extends Omit<
  RouteDef<P, Q, B, R>,
  'method' | 'handler' | 'raw' | 'cache' | 'multipart'
> {
  method: 'post' | 'put' | 'patch' | 'delete';
  /** Headers the answer carries (e.g. `Cache-Control: no-store`), set before `run`, so a refusal carries them too. */
  headers?: Readonly<Record<string, string>>;
  run(tx: Db, ctx: CommandContext<P, Q, B>): Promise<CommandOutcome<T>>;
  answer?(committed: T, ctx: CommandContext<P, Q, B>, outcome: { mailFailed: boolean }): Promise<R> | R;
}

/** A route made of a command (`defineCommand`); `npm run structure` counts the writes that are not yet one. */
export type CommandRoute<P, Q, B, R> = RouteDef<P, Q, B, R> & { command: true };

/** Declares a write as a command and makes it a route (the mechanism is its handler). */
export function defineCommand<P = unknown, Q = unknown, B = unknown, R = unknown, T = R>(
  def: CommandDef<P, Q, B, R, T>,
): CommandRoute<P, Q, B, R> {
  const { run, answer, headers, ...route } = def;
  return {
    ...defineRoute<P, Q, B, R>({
      ...route,
      handler: ({ req, res, deps, user, params, query, body }) => {
        for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
        return runCommand(
          { run, answer },
          { deps, user, params, query, body, requestId: req.id, clientAddress: clientAddress(req) },
        );
      },
    }),
    command: true,
  };
}

async function runCommand<P, Q, B, R, T>(
  def: Pick<CommandDef<P, Q, B, R, T>, 'run' | 'answer'>,
  ctx: CommandContext<P, Q, B>,
): Promise<R> {
  const outcome = await ctx.deps.database.db.transaction((tx) => def.run(tx, ctx));
  let mailFailed = false;
  try {
    await runAfterCommit(ctx.deps, outcome);
  } catch (err) {
    // Thrown only after the commit and every other effect (queueMails): the change stands.
    if (!(err instanceof MailNotQueuedError) || !def.answer) throw err;
    mailFailed = true;
  }
  return def.answer ? def.answer(outcome.result, ctx, { mailFailed }) : (outcome.result as unknown as R);
}
