// The browser run's one Chromium, in a process of its own (web/e2e/global-setup.ts starts it): playwright's browser
// server relays every page's protocol traffic (screenshots included), and in the vitest process beside the api
// and its embedded database that relaying and the api's requests waited on each other.
// Prints the server's WebSocket endpoint as its first line; closes the browser on SIGTERM or when stdin ends.
import { chromium } from 'playwright-core';

const options = JSON.parse(process.argv[2] ?? '{}');
const server = await chromium.launchServer(options);
process.stdout.write(`${server.wsEndpoint()}\n`);
let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.stdin.on('end', () => void close());
process.stdin.resume();
