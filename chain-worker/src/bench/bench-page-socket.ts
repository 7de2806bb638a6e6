// The bench's page: what a browser sees of the relayed actions. In a process of its own (not the worker's, as in a
// deployment, where socket.io runs in the api and the client in a browser): the api's socket.io server
// (createSocketServer: its relay of the Redis event bus to the rooms) on a port of its own, and a socket.io client
// joined to each action's subject room (`bench:<i>`), as a proposal page joins `proposal:<id>`. A `chained` action
// counts as pushed when that client receives it, so the bench's latency ends where the issue measures it: the page
// sees `chained`. The moments go back to the bench every 50 ms.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { io as connectClient } from 'socket.io-client';
import { createLogger } from '@cr/core/log/logger';
import { freePort } from '@cr/core/net/free-port';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { createSocketServer } from '@cr/api/realtime/socket-server';
import { CHAIN_ACTION_EVENT } from '@cr/core/chain/chain-action-events';

interface PageArgs {
  redisUrl: string;
  subjectType: string;
  subjects: number;
}

type PageMessage = { ready: true } | { chained: [actionId: string, at: number][] };

export interface BenchPage {
  close(): Promise<void>;
}

/** Starts the page, joined to `<subjectType>:0` … `<subjectType>:<subjects - 1>`; `onChained` once per action. */
export async function openBenchPage(
  args: PageArgs,
  onChained: (actionId: string, at: number) => void,
): Promise<BenchPage> {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(args)], {
    execArgv: ['--import', 'tsx'],
  });
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: PageMessage) => {
      if ('ready' in m) resolve();
      else for (const [id, at] of m.chained) onChained(id, at);
    });
    child.once('exit', (code) => reject(new Error(`the bench page exited (${code}) before it was ready`)));
  });
  return {
    async close() {
      child.send('close');
      await exited;
    },
  };
}

async function main() {
  const { redisUrl, subjectType, subjects } = JSON.parse(process.argv[2]!) as PageArgs;
  const redis = await connectRedis(redisUrl);
  const http = createServer();
  const server = await createSocketServer(http, redis, createLogger('warn', 'bench-page'), false);
  // The bench's subjects are public, as a proposal's room is.
  server.guard(subjectType, () => true);
  const port = await freePort();
  http.listen(port, '127.0.0.1');
  await once(http, 'listening');
  const client = connectClient(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  let pending: [string, number][] = [];
  client.on(CHAIN_ACTION_EVENT, (view: { id?: string; status?: string }) => {
    if (view.status === 'chained' && view.id) pending.push([view.id, Date.now()]);
  });
  const flush = setInterval(() => {
    if (pending.length === 0) return;
    process.send!({ chained: pending } satisfies PageMessage);
    pending = [];
  }, 50);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  const joined = await Promise.all(
    Array.from(
      { length: subjects },
      (_, i) => client.emitWithAck('subscribe', `${subjectType}:${i}`) as Promise<{ ok: boolean }>,
    ),
  );
  if (!joined.every((r) => r.ok)) throw new Error('the bench page could not join its rooms');
  process.send!({ ready: true } satisfies PageMessage);
  await once(process, 'message');
  clearInterval(flush);
  client.close();
  await server.close();
  http.close();
  redis.disconnect();
  process.disconnect();
}

if (process.argv[1]?.endsWith('bench-page-socket.ts')) void main();
