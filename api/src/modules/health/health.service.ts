import type { AppDeps } from '../../app-deps';

class ReadinessTimeout extends Error {}

type Check = { ok: boolean; ms: number; error?: string };

/**
 * A public answer names which dependency failed and how (timeout or not), never the driver's own message, which
 * can carry host names, ports and user names; those go to the log.
 */
async function timed(
  name: string,
  deps: AppDeps,
  fn: () => Promise<unknown>,
  timeoutMs = 2000,
): Promise<Check> {
  const started = Date.now();
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new ReadinessTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs),
      ),
    ]);
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    deps.logger.warn({ err, dependency: name }, 'readiness check failed');
    const timedOut = err instanceof ReadinessTimeout;
    return { ok: false, ms: Date.now() - started, error: timedOut ? 'no answer in time' : 'unreachable' };
  }
}

/** Readiness: the database, Redis and (when configured) the chain each answer. */
export async function checkReadiness(deps: AppDeps) {
  const checks: Record<string, Check> = {};
  const [database, redis] = await Promise.all([
    timed('database', deps, () => deps.database.ping()),
    timed('redis', deps, () => deps.redis.ping()),
  ]);
  checks.database = database;
  checks.redis = redis;
  const rpc = deps.config.CHAIN_RPC_URL;
  if (rpc) {
    checks.chain = await timed('chain', deps, async () => {
      const res = await fetch(rpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = (await res.json()) as { result?: string };
      if (!body.result) throw new Error('no block number');
    });
  }
  return { ok: Object.values(checks).every((c) => c.ok), checks };
}
