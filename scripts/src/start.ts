// `npm start`: the whole product on embedded defaults, in one terminal. Ctrl-C stops everything it started.
// On a new data directory (development only) a demo DAO is played in the background once the site is running;
// `npm start -- --empty` or CR_DEMO=0 skips it.
import fs from 'node:fs';
import path from 'node:path';
import { exitOnStartupFailure, stopOnSignals } from '@cr/api/app-composition';
import { startStack } from './stack/stack';
import { playDemo } from './demo/demo-scenario';
import { demoWanted } from './demo/demo-wanted';

async function main() {
  const started = Date.now();
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  // The dev chain's state is the data directory's oldest part: without it, this start makes everything anew.
  const fresh = !fs.existsSync(path.join(dataDir, 'chain', 'anvil-state.json'));
  const stack = await startStack({ log: (line) => console.log(`  ${line}`) });
  const running = Date.now();
  console.log(
    `\nCyber Republic is running: ${stack.url}  (ready in ${((running - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`API reference: ${stack.url}/api/docs — press Ctrl-C to stop.\n`);
  let stopping = false;
  stopOnSignals(
    async () => {
      stopping = true;
      await stack.stop();
    },
    () => console.log('\nStopping…'),
  );
  if (demoWanted(process.argv.slice(2), process.env, fresh) && stack.config.CHAIN_RPC_URL) {
    console.log(
      '  A demo DAO is being played in the background through the dev wallets and the local chain ' +
        '(npm start -- --empty, or CR_DEMO=0, skips it on a new data directory).',
    );
    playDemo({
      url: `http://127.0.0.1:${stack.port}`,
      rpcUrl: stack.config.CHAIN_RPC_URL,
      scale: 1,
      log: (line) => console.log(`  ${line}`),
    }).then(
      (r) =>
        console.log(
          `  demo DAO ready ${((Date.now() - running) / 1000).toFixed(0)} s after "is running"` +
            (r.problems.length ? ` (${r.problems.length} part(s) failed, see above)` : ''),
        ),
      (err: unknown) => {
        if (!stopping) console.log(`  the demo stopped: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  }
}

main().catch(exitOnStartupFailure);
