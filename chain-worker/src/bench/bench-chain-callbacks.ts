/**
 * The api side of `npm run bench:chain`, run as its own process when the database is PostgreSQL (as the api and
 * the worker are in a deployment, docs/cluster.md), else in the bench's: records `count` relayed actions, as
 * wallet callbacks accepted by the api do (the outbox row committed, then the job enqueued), all at once or at
 * `ratePerSecond`, or has them recorded ahead and enqueues them at once, and reports each action's moments (to
 * the parent over IPC). As a process, its input is one JSON argument (CallbackRun).
 */
import { id as keccakText } from 'ethers';
import { openDatabase } from '@cr/core/db/db-client';
import { dispatchAfterCommit, recordChainAction } from '@cr/core/chain/chain-outbox';
import { openChainQueues } from '@cr/core/queues/chain-queues';
import { connectRedis } from '@cr/core/infra/redis-connect';
import type { Db } from '@cr/core/db/db-client';
import type { ChainQueues } from '@cr/core/queues/chain-queues';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { recorderInterface } from './recorder-contract';

export interface CallbackRun {
  databaseUrl?: string;
  redisUrl: string;
  queuePrefix: string;
  chainId: number;
  kind: string;
  recorder: string;
  count: number;
  ratePerSecond: number | null;
  /** 'callbacks': each action recorded when its callback comes; 'outbox': all recorded before the clock starts. */
  arrival: 'callbacks' | 'outbox';
}

/** One action's moments: the callback (t0), its outbox row committed, its job enqueued. */
export interface CallbackMoments {
  id: string;
  t0: number;
  outbox: number;
  enqueued: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * At most this many callbacks record at once: the pool's size (db-client.ts). More only wait for a connection,
 * and past the pool's 5-s acquire timeout a wait fails the run (seen once at 5-s blocks).
 */
const IN_FLIGHT = 20;

/** Runs `task` once a slot of `IN_FLIGHT` is free. */
function limiter() {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= IN_FLIGHT) await new Promise<void>((resolve) => queue.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      queue.shift()?.();
    }
  };
}

const slot = limiter();

/** A relayed `record(id)` call of the bench's Recorder, as the api records a wallet callback's action. */
function benchAction(run: CallbackRun, subjectType: string, i: number, word: string) {
  return {
    kind: run.kind,
    subjectType,
    subjectId: String(i),
    chainId: run.chainId,
    to: run.recorder,
    data: recorderInterface().encodeFunctionData('record', [keccakText(word)]),
  };
}

/** The subject of the bench's actions: the i-th action of a run is `bench:<i>`, its page's room. */
export const BENCH_SUBJECT = 'bench';

function recordOne(db: Db, run: CallbackRun, i: number, tag: number) {
  return slot(() =>
    db.transaction((tx) => recordChainAction(tx, benchAction(run, BENCH_SUBJECT, i, `bench-${i}-${tag}`))),
  );
}

/** Callbacks recorded and rolled back before the clock: the process's code compiled, its pool's connections open. */
const WARM_UP = 300;

class WarmUpRollback extends Error {}

/** Records `WARM_UP` actions through the same path and rolls each back, so none is ever relayed. */
async function warmUp(db: Db, run: CallbackRun): Promise<void> {
  const tag = Date.now();
  await Promise.all(
    Array.from({ length: WARM_UP }, (_, i) =>
      slot(() =>
        db.transaction(async (tx) => {
          await recordChainAction(tx, benchAction(run, 'bench-warm-up', i, `warm-up-${i}-${tag}`));
          throw new WarmUpRollback();
        }),
      ).catch((err: unknown) => {
        if (!(err instanceof WarmUpRollback)) throw err;
      }),
    ),
  );
}

/** The rows of an 'outbox' run, recorded in one transaction that commits when the clock starts. */
export interface PreparedRun {
  rows: ChainActionRow[];
  /** Makes the rows visible to the worker (the outbox is full at once); nothing for a 'callbacks' run. */
  commit(): Promise<void>;
}

/**
 * What is done before the clock starts: the contract compiled, the process warmed up as a serving api is (its
 * recording code compiled, its pool's connections open) and, when the run's arrival is 'outbox', all its rows
 * recorded (not enqueued) in one transaction left open: the worker's submit pump reads ready rows from the outbox
 * itself, so rows committed one by one before the clock would be relayed before it.
 */
export async function prepareRun(db: Db, run: CallbackRun): Promise<PreparedRun> {
  recorderInterface();
  if (run.arrival !== 'outbox') {
    await warmUp(db, run);
    return { rows: [], commit: async () => undefined };
  }
  const tag = Date.now();
  let go!: () => void;
  const started = new Promise<void>((resolve) => (go = resolve));
  let recorded!: (rows: ChainActionRow[]) => void;
  const rows = new Promise<ChainActionRow[]>((resolve) => (recorded = resolve));
  const committed = db.transaction(async (tx) => {
    const out: ChainActionRow[] = [];
    for (let i = 0; i < run.count; i += 1)
      out.push(await recordChainAction(tx, benchAction(run, BENCH_SUBJECT, i, `bench-${i}-${tag}`)));
    recorded(out);
    await started;
  });
  const failed = committed.then(() => {
    throw new Error('the outbox transaction ended before the clock started');
  });
  failed.catch(() => undefined); // after the clock, its end is the normal one; before, the race below throws it
  return {
    rows: await Promise.race([rows, failed]),
    commit: async () => {
      go();
      await committed;
    },
  };
}

/**
 * From `start`: 'callbacks' records each action (at once, or at `ratePerSecond`) and enqueues it, as the api does
 * for a wallet callback; 'outbox' commits the prepared rows and enqueues them at once (the relayer alone, from a
 * full outbox). `onAction` hears each action's moments.
 */
export async function playRun(
  db: Db,
  queues: ChainQueues,
  run: CallbackRun,
  start: number,
  prepared: PreparedRun,
  onAction: (m: CallbackMoments) => void,
) {
  if (run.arrival === 'outbox') {
    await prepared.commit();
    const outbox = Date.now();
    await Promise.all(
      prepared.rows.map(async (row) => {
        await dispatchAfterCommit(queues, row);
        onAction({ id: row.id, t0: start, outbox, enqueued: Date.now() });
      }),
    );
    return;
  }
  await Promise.all(
    Array.from({ length: run.count }, async (_, i) => {
      if (run.ratePerSecond) await sleep(start + (i * 1000) / run.ratePerSecond - Date.now());
      const t0 = Date.now();
      const row = await recordOne(db, run, i, start);
      const outbox = Date.now();
      await dispatchAfterCommit(queues, row);
      onAction({ id: row.id, t0, outbox, enqueued: Date.now() });
    }),
  );
}

async function main() {
  const run = JSON.parse(process.argv[2]!) as CallbackRun;
  const database = await openDatabase({ databaseUrl: run.databaseUrl, pgliteDir: 'memory://' });
  const redis = await connectRedis(run.redisUrl);
  const queues = openChainQueues(redis, run.queuePrefix);
  const prepared = await prepareRun(database.db, run);
  process.send!({ ready: true });
  const { start } = await new Promise<{ start: number }>((resolve) => process.once('message', resolve));
  const moments: CallbackMoments[] = [];
  await playRun(database.db, queues, run, start, prepared, (m) => moments.push(m));
  await new Promise<void>((resolve) => process.send!({ moments }, () => resolve()));
  await queues.close();
  redis.disconnect();
  await database.close();
}

if (process.argv[1]?.endsWith('bench-chain-callbacks.ts')) void main();
