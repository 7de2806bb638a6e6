import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runLoad } from './load-loop';

describe('load loop against a real HTTP server', () => {
  it('sends exactly the bounded number of requests, counts errors, and refuses non-loopback targets', async () => {
    let served = 0;
    const server = http.createServer((req, res) => {
      served++;
      res.statusCode = req.url === '/bad' ? 500 : 200;
      if (req.url === '/chunked') {
        res.write('part one, ');
        setImmediate(() => res.end('part two'));
      } else res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await runLoad({
        baseUrl,
        paths: ['/a', '/bad', '/chunked', '/bad'],
        concurrency: 5,
        maxRequests: 40,
        maxMs: 10_000,
      });
      expect(result.requests).toBe(40);
      expect(served).toBe(40);
      expect(result.errors).toBe(20);
      expect(result.statuses).toEqual({ 500: 20 });
      await expect(
        runLoad({ baseUrl: 'http://192.0.2.1:80', paths: ['/'], concurrency: 1, maxRequests: 1, maxMs: 100 }),
      ).rejects.toThrow(/only drives a server on this machine/);
    } finally {
      server.close();
    }
  });

  it('spreads connections over several servers, sends methods and JSON bodies, and breaks results down by kind', async () => {
    const seen: string[][] = [[], []];
    const servers = [0, 1].map((n) =>
      http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen[n]!.push(`${req.method} ${req.url} ${body}`);
          res.statusCode =
            req.method === 'POST' && JSON.parse(body).ok === true ? 201 : req.method === 'POST' ? 400 : 200;
          res.end('ok');
        });
      }),
    );
    for (const s of servers) await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const [a, b] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    try {
      const result = await runLoad({
        baseUrl: a!,
        extraBaseUrls: [b!],
        paths: ['/read', '/write', '/write'],
        methods: ['GET', 'POST', 'POST'],
        bodies: [undefined, { ok: true }, { ok: false }],
        kinds: ['read', 'write', 'bad write'],
        concurrency: 4,
        maxRequests: 30,
        maxMs: 10_000,
      });
      expect(result.requests).toBe(30);
      expect(seen[0]!.length).toBeGreaterThan(0);
      expect(seen[1]!.length).toBeGreaterThan(0);
      expect(seen.flat()).toContain('POST /write {"ok":true}');
      expect(result.byKind.read).toMatchObject({ requests: 10, errors: 0 });
      expect(result.byKind.write).toMatchObject({ requests: 10, errors: 0 });
      expect(result.byKind['bad write']).toMatchObject({ requests: 10, errors: 10 });
    } finally {
      for (const s of servers) s.close();
    }
  });
});
