/**
 * Whether this start should play the demo: development only (never in production, never without the stack's own
 * dev chain and dev tools), not asked away (`--empty`, CR_DEMO=0), and only on a data directory this start
 * creates (a second start keeps what is there).
 */
export function demoWanted(argv: string[], env: Record<string, string | undefined>, freshDataDir: boolean) {
  if (argv.includes('--empty')) return false;
  if (env.CR_DEMO === '0' || env.CR_DEMO === 'false') return false;
  if ((env.NODE_ENV ?? 'development') === 'production') return false;
  if (env.CHAIN_RPC_URL || env.DEV_TOOLS === 'false' || env.DEV_TOOLS === '0') return false;
  return freshDataDir;
}
