// A tiny HTTP and WebSocket reverse proxy for the local cluster: requests go round robin over the api instances;
// a browser sticks to the instance of its first answer (cookie `cr_node`), which socket.io's long-polling fallback
// needs (a polling session lives in one process). WebSocket upgrades are piped as raw TCP once the target answers
// (the next target when one refuses).
import http from 'node:http';
import net from 'node:net';

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests forwarded to each target, by index. */
  counts: number[];
  close(): Promise<void>;
}

const STICKY = 'cr_node';

function stickyIndex(cookie: string | undefined, n: number): number | null {
  const m = cookie ? new RegExp(`(?:^|;\\s*)${STICKY}=(\\d+)`).exec(cookie) : null;
  const i = m ? Number(m[1]) : NaN;
  return Number.isInteger(i) && i >= 0 && i < n ? i : null;
}

export async function startRoundRobinProxy(
  targets: { host: string; port: number }[],
  opts: { port?: number } = {},
): Promise<RoundRobinProxy> {
  let next = 0;
  const counts = targets.map(() => 0);
  const pick = (cookie: string | undefined) => {
    const sticky = stickyIndex(cookie, targets.length);
    const i = sticky ?? next++ % targets.length;
    counts[i]! += 1;
    return { i, sticky: sticky !== null };
  };
  // Every X-Forwarded-For the proxy adds is the loopback client; the apis here trust no proxy hops.
  // A request's body is read whole first, so a request whose instance refuses the connection (one that died) is
  // sent to the next one instead.
  const server = http.createServer((req, res) => {
    const { i: first, sticky } = pick(req.headers.cookie);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => send(first, targets.length - 1));
    const send = (i: number, triesLeft: number) => {
      const target = targets[i]!;
      const upstream = http.request(
        { host: target.host, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const headers = { ...answer.headers };
          if (!sticky || i !== first) {
            const set = headers['set-cookie'] ?? [];
            headers['set-cookie'] = [...set, `${STICKY}=${i}; Path=/; HttpOnly; SameSite=Lax`];
          }
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && triesLeft > 0 && !res.headersSent) {
          const next = (i + 1) % targets.length;
          counts[next]! += 1;
          send(next, triesLeft - 1);
          return;
        }
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      });
      upstream.end(Buffer.concat(chunks));
    };
  });
  const tunnels = new Set<net.Socket>();
  // A WebSocket goes to the next instance when its pick refuses the connection (an instance that died), as a
  // load balancer's health check would have it: reconnecting pages find a live one at their first try.
  server.on('upgrade', (req, socket, head) => {
    const first = pick(req.headers.cookie).i;
    const open = (i: number, triesLeft: number) => {
      const target = targets[i]!;
      let connected = false;
      const upstream = net.connect(target.port, target.host, () => {
        connected = true;
        // Frames are relayed as they come: no Nagle delay on either side of the tunnel.
        upstream.setNoDelay(true);
        if (socket instanceof net.Socket) socket.setNoDelay(true);
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let k = 0; k < req.rawHeaders.length; k += 2)
          lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
        upstream.write(lines.join('\r\n') + '\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      tunnels.add(upstream);
      upstream.once('close', () => tunnels.delete(upstream));
      upstream.on('error', () => {
        if (!connected && triesLeft > 0 && !socket.destroyed) {
          const next = (i + 1) % targets.length;
          counts[next]! += 1;
          open(next, triesLeft - 1);
        } else socket.destroy();
      });
      upstream.on('close', () => {
        if (connected) socket.destroy();
      });
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
    };
    open(first, targets.length - 1);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts,
    close: () =>
      new Promise((resolve) => {
        for (const t of tunnels) t.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
