// `npm run demo -- [--scale N] [--url URL] [--rpc URL] [--more]`: plays the demo DAO against a running stack.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDevChainEndpoint } from '@cr/did/dev-endpoints';
import { DemoClient } from './demo-client';
import { playDemo } from './demo-scenario';

const USAGE = `usage: npm run demo -- [--scale N] [--url http://127.0.0.1:3000] [--rpc http://127.0.0.1:8545] [--more]

Plays a demo DAO through the running stack's real mechanisms: dev-wallet signatures, the api, the chain worker
and the local chain (windows pass by mining blocks on anvil). Needs a development stack (dev tools on, reached
from this machine). --url defaults to http://127.0.0.1:$PORT (3000); --rpc to the local chain that the stack in
$DATA_DIR (.data) advertises. A stack that already holds demo data is left as it is unless --more is given.`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1' },
      url: { type: 'string' },
      rpc: { type: 'string' },
      more: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
    console.error(`--scale must be a whole number from 1 to 1000\n\n${USAGE}`);
    return 2;
  }
  if (process.env.NODE_ENV === 'production') {
    console.error('npm run demo is for development stacks only (NODE_ENV=production).');
    return 2;
  }
  const url = values.url ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  if (!(await new DemoClient({ baseUrl: url }).alive())) {
    console.error(`No stack answers at ${url}: start one with npm start (or name it with --url).`);
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const rpcUrl = values.rpc ?? readDevChainEndpoint(dataDir)?.rpcUrl;
  if (!rpcUrl) {
    console.error(
      `No local chain found: the stack in ${dataDir} advertises none. Name the stack's anvil with --rpc URL.`,
    );
    return 2;
  }
  const result = await playDemo({ url, rpcUrl, scale, more: values.more, log: (l) => console.log(l) });
  if (result.problems.length > 0) {
    console.error(
      `\n${result.problems.length} part(s) of the demo failed:\n  ${result.problems.join('\n  ')}`,
    );
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
