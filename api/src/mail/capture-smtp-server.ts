import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMessage, type ReadMessage } from './mime-read';

export interface CapturedMessage extends ReadMessage {
  id: string;
  receivedAt: string;
}

export interface CaptureSmtpServer {
  /** smtp://127.0.0.1:<port> for nodemailer. */
  url: string;
  port: number;
  /** Messages received so far, newest last (also kept as files when a directory was given). */
  messages(): CapturedMessage[];
  /** Resolves with the first message (already received or arriving within timeoutMs) that matches. */
  waitFor(match: (m: CapturedMessage) => boolean, timeoutMs?: number): Promise<CapturedMessage>;
  stop(): Promise<void>;
}

/**
 * A real SMTP listener on loopback that keeps what it receives: the dev outbox (files under `dir`, readable
 * at a dev-only page) and the tests' mailbox. Mail reaches it over SMTP exactly as it would reach a real server.
 */
export async function startCaptureSmtpServer(
  opts: { dir?: string; port?: number } = {},
): Promise<CaptureSmtpServer> {
  const received: CapturedMessage[] = [];
  const waiters = new Set<{
    match: (m: CapturedMessage) => boolean;
    resolve: (m: CapturedMessage) => void;
  }>();
  if (opts.dir) {
    fs.mkdirSync(opts.dir, { recursive: true });
    for (const file of fs
      .readdirSync(opts.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      received.push(JSON.parse(fs.readFileSync(path.join(opts.dir, file), 'utf8')) as CapturedMessage);
    }
  }
  let counter = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const receivedAt = new Date().toISOString();
        const id = `${receivedAt.replace(/[:.]/g, '-')}-${String(++counter).padStart(4, '0')}`;
        const message: CapturedMessage = { id, receivedAt, ...readMessage(raw, to) };
        received.push(message);
        if (opts.dir) {
          // Written under a temporary name and renamed, so a reader of the outbox never sees half a message.
          const file = path.join(opts.dir, `${id}.json`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(message, null, 2));
          fs.renameSync(`${file}.tmp`, file);
        }
        for (const w of waiters) {
          if (w.match(message)) {
            waiters.delete(w);
            w.resolve(message);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages: () => [...received],
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`No matching e-mail within ${timeoutMs} ms`));
        }, timeoutMs).unref();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
