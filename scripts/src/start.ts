// `npm start`: the whole product on embedded defaults, in one terminal. Ctrl-C stops everything it started.
import { ConfigError } from '@cr/api/config/env-parse';
import { startStack } from './stack/stack';

async function main() {
  const started = Date.now();
  const stack = await startStack({ log: (line) => console.log(`  ${line}`) });
  console.log(
    `\nCyber Republic is running: ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`API reference: ${stack.url}/api/docs — press Ctrl-C to stop.\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof Error && /Unavailable|Missing/.test(err.name)) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
