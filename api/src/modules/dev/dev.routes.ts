import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineRoute, policy } from '../../http/route';
import { AppError } from '@cr/core/errors/app-error';
import type { AppDeps } from '../../app-deps';
import type { CapturedMessage } from '../../mail/capture-smtp-server';
import { accountsByDid } from './dev.repo';

const mailSchema = z.array(
  z.object({
    id: z.string(),
    receivedAt: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    text: z.string(),
  }),
);

const walletName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'lower-case letters, digits, - and _');

/**
 * The dev wallet is loaded only when a dev route is called, so production never even imports it.
 * It answers QR requests exactly as Essentials does (did/src/wallet).
 */
async function devWallet(deps: AppDeps) {
  if (!deps.config.EID_RESOLVER_URL)
    throw new AppError(503, 'wallet.unavailable', 'No EID resolver is configured.');
  const store = await import('@cr/did/wallet/wallet-store');
  const approve = await import('@cr/did/wallet/wallet-approve');
  const opts = {
    walletDir: deps.config.dirs.wallets,
    resolverUrl: deps.config.EID_RESOLVER_URL,
    chainRpcUrl: deps.config.CHAIN_RPC_URL,
    chainId: deps.config.CHAIN_ID,
  };
  return { store, approve, opts };
}

const walletInfoSchema = z.object({ name: z.string(), did: z.string(), evmAddress: z.string() });

/** Dev-only routes: absent (404) in production and whenever DEV_TOOLS is off. */
export const devRoutes = [
  defineRoute({
    method: 'get',
    path: '/dev/wallets',
    tag: 'dev',
    summary:
      'Dev only: the local dev wallet identities, those of ordinary members first (the QR dialog picks the first).',
    policy: policy.dev,
    response: z.array(walletInfoSchema),
    handler: async ({ deps }) => {
      const { store, opts } = await devWallet(deps);
      const wallets = await store.listWallets(opts);
      // Someone trying the site is a new member far more often than the admin: members first (the longest-standing
      // first, so the stack's own `member` leads), then identities without an account, then the council,
      // secretary and admin; by name otherwise.
      const accounts = await accountsByDid(
        deps.database.db,
        wallets.map((w) => w.did),
      );
      const rank = (did: string): [number, number] => {
        const account = accounts.get(did);
        if (!account) return [1, 0];
        return account.role === 'MEMBER' ? [0, account.createdAt.getTime()] : [2, 0];
      };
      return wallets
        .map((w) => ({ w, r: rank(w.did) }))
        .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1])
        .map(({ w }) => ({ name: w.name, did: w.did, evmAddress: w.evmAddress }));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dev/wallets',
    tag: 'dev',
    summary: 'Dev only: create a dev wallet identity (DID published to the local EID simulator).',
    policy: policy.dev,
    body: z.object({ name: walletName }),
    response: walletInfoSchema,
    handler: async ({ deps, body }) => {
      const { store, opts } = await devWallet(deps);
      const w = await store.createWallet(body.name, opts);
      return { name: w.name, did: w.did, evmAddress: w.evmAddress };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dev/wallet/approve',
    tag: 'dev',
    summary: 'Dev only: approve a QR request with a dev wallet, exactly as the Essentials app would.',
    policy: policy.dev,
    body: z.object({ qr: z.string().min(10).max(20_000), wallet: walletName }),
    response: z.object({
      status: z.number(),
      body: z.unknown(),
      /** Why the wallet could not send a transaction (what Essentials shows on the phone), when it could not. */
      chainError: z.string().optional(),
    }),
    handler: async ({ deps, body }) => {
      const { approve, opts } = await devWallet(deps);
      const result = await approve.approveRequest(body.qr, body.wallet, opts);
      return {
        status: result.status,
        body: result.body,
        ...(result.sent.chainError ? { chainError: result.sent.chainError } : {}),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dev/mail',
    tag: 'dev',
    summary: 'Dev only: the e-mails captured by the local outbox, newest first.',
    policy: policy.dev,
    response: mailSchema,
    handler: ({ deps }) => {
      const dir = deps.config.dirs.mailOutbox;
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 200)
        .map((f) => {
          const m = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CapturedMessage;
          return { id: m.id, receivedAt: m.receivedAt, to: m.to, subject: m.subject, text: m.text };
        });
    },
  }),
];
