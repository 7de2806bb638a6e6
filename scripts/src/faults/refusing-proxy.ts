import net from 'node:net';
import { freePort } from '@cr/core/net/free-port';

/**
 * A TCP proxy in front of the chain node that can refuse connections for a while: `refuse(ms)` stops listening
 * (a connect is refused, ECONNREFUSED) and cuts every open connection (a keep-alive socket of the worker's HTTP
 * client would otherwise keep working), then listens again on the same port. The node itself keeps running and
 * mining, so this is a network outage between the workers and their RPC, not a node restart.
 */
export interface RefusingProxy {
  url: string;
  port: number;
  /** Total milliseconds spent refusing so far. */
  refusedMs: number;
  refuse(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRefusingProxy(target: { host: string; port: number }): Promise<RefusingProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', cut);
    upstream.on('close', cut);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  const proxy: RefusingProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    refusedMs: 0,
    async refuse(ms) {
      const closed = stopListening();
      for (const s of sockets) s.destroy();
      await closed;
      const from = Date.now();
      await new Promise((r) => setTimeout(r, ms));
      await listen();
      proxy.refusedMs += Date.now() - from;
    },
    async close() {
      const closed = server.listening ? stopListening() : Promise.resolve();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
  return proxy;
}
