// `npm start`: the whole product on embedded defaults, in one terminal. Ctrl-C stops everything it started.
import { exitOnStartupFailure, stopOnSignals } from '@cr/api/app-composition';
import { startStack } from './stack/stack';

async function main() {
  const started = Date.now();
  const stack = await startStack({ log: (line) => console.log(`  ${line}`) });
  console.log(
    `\nCyber Republic is running: ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`API reference: ${stack.url}/api/docs — press Ctrl-C to stop.\n`);
  stopOnSignals(stack.stop, () => console.log('\nStopping…'));
}

main().catch(exitOnStartupFailure);
