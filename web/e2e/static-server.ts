import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/**
 * Serves the built web app alone, with the api down: `/api/*` and `/socket.io/*` requests get their
 * connection dropped (what the browser sees when nothing listens behind the site), or a proxy's 502 page.
 */
export async function startStaticSite(
  root: string,
  api: 'drop' | 'bad-gateway' = 'drop',
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (/^\/(api|socket\.io)\//.test(url.pathname)) {
      if (api === 'drop') return req.socket.destroy();
      res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      return;
    }
    const file = path.join(root, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    const target =
      file.startsWith(root) && fs.existsSync(file) && fs.statSync(file).isFile()
        ? file
        : path.join(root, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
