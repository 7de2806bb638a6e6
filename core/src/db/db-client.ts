import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { runGenericPlansOn } from './statement-params';

export type Schema = typeof schema;
/** A database handle or a transaction: repos take this so callers choose. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe for the readiness endpoint. */
  ping(): Promise<void>;
  /** PostgreSQL's connection pools now (the metrics); none for PGlite, which has one embedded connection. */
  pools(): DbPoolUse[];
  close(): Promise<void>;
}

/** One connection pool: its size limit, connections open, idle ones, and queries waiting for a connection. */
export interface DbPoolUse {
  name: string;
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

const poolUse = (name: string, pool: pg.Pool, max: number): DbPoolUse => ({
  name,
  max,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The SQL migrations (core/drizzle, written by `drizzle-kit generate --config core/drizzle.config.ts`). */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const migrationsFolder = MIGRATIONS_FOLDER;

/** A start-up failure of the database, with one sentence a person can act on. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Opens PostgreSQL at `databaseUrl`, or embedded PGlite in `pgliteDir` (a directory, or 'memory://'),
 * and applies the migrations in core/drizzle.
 */
export async function openDatabase(opts: { databaseUrl?: string; pgliteDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.pgliteDir);
}

/** Proves PostgreSQL at `databaseUrl` accepts a connection; throws DatabaseUnavailableError in one sentence. */
export async function checkPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${safeHost(databaseUrl)} (DATABASE_URL): ${(err as Error).message}`,
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * No JIT compilation: every statement here reads a page or a few rows in milliseconds, and PostgreSQL compiles one
 * whose estimate passes `jit_above_cost` (100,000), which a join it misjudges does: a proposer search estimated at
 * 84,000 rows for its 838 spent 25 ms compiling to run in 4 (docs/list-performance.md#statements-and-plans).
 */
const NO_JIT = '-c jit=off';

/** Connections of the main pool and of the generic-plan pool, per process. */
const POOL_MAX = 20;
const GENERIC_POOL_MAX = 10;

async function openPostgres(databaseUrl: string): Promise<DbHandle> {
  // A statement prepared with a custom plan (statement-params.ts) is planned at every call with its values: a
  // search's best plan depends on its word, and PostgreSQL's own choice ("auto") may settle on a generic plan.
  const pool = new pg.Pool({
    connectionString: withServerOption(databaseUrl, `-c plan_cache_mode=force_custom_plan ${NO_JIT}`),
    max: POOL_MAX,
    connectionTimeoutMillis: 5000,
  });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead of crashing
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const where = safeHost(databaseUrl);
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${where} (DATABASE_URL): ${(err as Error).message}`,
      { cause: err },
    );
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
  // Connections for the statements prepared with a generic plan: each planned once (statement-params.ts).
  const genericPlanPool = new pg.Pool({
    connectionString: withServerOption(databaseUrl, `-c plan_cache_mode=force_generic_plan ${NO_JIT}`),
    max: GENERIC_POOL_MAX,
    connectionTimeoutMillis: 5000,
  });
  genericPlanPool.on('error', () => undefined);
  runGenericPlansOn(db, drizzlePg(genericPlanPool, { schema }));
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    pools: () => [poolUse('main', pool, POOL_MAX), poolUse('generic', genericPlanPool, GENERIC_POOL_MAX)],
    close: async () => {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}

async function openPglite(dir: string): Promise<DbHandle> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const drz = drizzlePglite(client, { schema });
  await migratePglite(drz, { migrationsFolder });
  return {
    db: drz as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    pools: () => [],
    close: () => client.close(),
  };
}

/**
 * The connection string with a server option added to its `options` (after any it names: the driver lets the
 * string's own `options` win over a separate one).
 */
export function withServerOption(url: string, option: string): string {
  const u = new URL(url);
  const own = u.searchParams.get('options');
  u.searchParams.set('options', own ? `${own} ${option}` : option);
  return u.toString();
}

function safeHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'an unparseable URL';
  }
}
