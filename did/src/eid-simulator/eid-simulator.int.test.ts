import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DIDBackend, DIDDocument, DIDRequest, SimulatedIDChainAdapter } from '@elastosfoundation/did-js-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initDidBackend, resolveDid } from '../did-backend';
import { openOrCreateStoredDid, type StoredDid } from '../sdk-store';
import { startEidSimulator, type EidSimulator } from './eid-simulator';

// The simulator speaks the SDK's simulated-ID-chain protocol (the SDK's own SimulatedIDChainAdapter
// publishes and resolves through it), validates ID transactions as the chain does and keeps them on disk.
let dir: string;
let sim: EidSimulator;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'eid-sim-'));
  sim = await startEidSimulator({ dataDir: path.join(dir, 'data') });
  DIDBackend.initialize(new SimulatedIDChainAdapter(sim.url));
});
afterAll(async () => {
  await sim?.stop();
  await rm(dir, { recursive: true, force: true });
});

const newDid = (name: string): Promise<StoredDid> =>
  openOrCreateStoredDid({ storeDir: path.join(dir, name), storepass: 'sim-pass' });

async function rpc(url: string, body: unknown, pathname = '/') {
  const res = await fetch(new URL(pathname, url), {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-RPC answers are inspected loosely
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

async function postIdtx(payload: unknown) {
  const res = await fetch(new URL('/idtx', sim.url), { method: 'POST', body: JSON.stringify(payload) });
  return { status: res.status, json: (await res.json()) as { error?: string } };
}

describe('EID simulator', () => {
  let a: StoredDid;
  let did: string;

  it('publishes and resolves through the SDK SimulatedIDChainAdapter (create, then update)', async () => {
    a = await newDid('a');
    did = a.document.getSubject().toString();
    await a.document.publish('sim-pass');
    const resolved = await a.document.getSubject().resolve(true);
    expect(resolved?.getSubject().toString()).toBe(did);
    const firstTx = resolved!.getMetadata().getTransactionId();

    const updated: DIDDocument = await DIDDocument.Builder.newFromDocument(a.document)
      .edit()
      .addService('#hub', 'HubService', 'https://hub.example')
      .seal('sim-pass');
    await a.store.storeDid(updated);
    await updated.publish('sim-pass');
    const again = await a.document.getSubject().resolve(true);
    expect(again?.getServiceCount()).toBe(1);
    expect(again?.getMetadata().getTransactionId()).not.toBe(firstTx);
    a.document = updated;
  });

  it('answers JSON-RPC did_resolveDID at its root and at /resolve, echoing the id', async () => {
    const r = await rpc(sim.url, { id: 'abc', method: 'did_resolveDID', params: [{ did, all: true }] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: 'abc', jsonrpc: '2.0', result: { did, status: 0 } });
    expect(r.json.result.transaction).toHaveLength(2);
    expect(r.json.result.transaction[0].operation.header.operation).toBe('update');
    const latest = await rpc(sim.url, { id: 7, method: 'did_resolveDID', params: [{ did }] }, '/resolve');
    expect(latest.json.result.transaction).toHaveLength(1);
    const missing = await rpc(sim.url, {
      id: 1,
      method: 'did_resolveDID',
      params: [{ did: 'did:elastos:iUTLfAssZyJ9RxjnZmgGUSCqWyY388g6JV' }],
    });
    expect(missing.json.result).toEqual({ did: 'did:elastos:iUTLfAssZyJ9RxjnZmgGUSCqWyY388g6JV', status: 3 });
    expect((await rpc(sim.url, { id: 2, method: 'eth_call', params: [] })).json.error.code).toBe(-32601);
    expect((await rpc(sim.url, '{not json')).json.error.code).toBe(-32700);
  });

  it('refuses a second create, an update on a stale txid and a request whose signature does not match', async () => {
    const signKey = a.document.getDefaultPublicKeyId();
    const create = await DIDRequest.create(a.document, signKey, 'sim-pass');
    expect(await postIdtx(create.toJSON())).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/already exists/) },
    });

    const stale = await DIDRequest.update(a.document, 'f'.repeat(64), signKey, 'sim-pass');
    expect(await postIdtx(stale.toJSON())).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/previous transaction/) },
    });

    // B's document carried with A's signature: what a forger holding no key of B would send.
    const b = await newDid('b');
    const forged = { ...(await DIDRequest.create(a.document, signKey, 'sim-pass')).toJSON() } as Record<
      string,
      unknown
    >;
    forged.header = { specification: 'elastos/did/1.0', operation: 'create' };
    forged.payload = (
      await DIDRequest.create(b.document, b.document.getDefaultPublicKeyId(), 'sim-pass')
    ).toJSON().payload;
    expect((await postIdtx(forged)).status).toBe(400);
    expect(
      (
        await rpc(sim.url, {
          id: 3,
          method: 'did_resolveDID',
          params: [{ did: b.document.getSubject().toString() }],
        })
      ).json.result.status,
    ).toBe(3);
  });

  it('keeps its DIDs across a restart on the same data directory', async () => {
    await sim.stop();
    sim = await startEidSimulator({ dataDir: path.join(dir, 'data') });
    const r = await rpc(sim.url, { id: 'x', method: 'did_resolveDID', params: [{ did }] });
    expect(r.json.result.status).toBe(0);
  });

  it('deactivates, and resolveDid then reports did.deactivated', async () => {
    DIDBackend.initialize(new SimulatedIDChainAdapter(sim.url));
    await a.document.deactivate(a.document.getDefaultPublicKeyId(), 'sim-pass');
    const r = await rpc(sim.url, { id: 'd', method: 'did_resolveDID', params: [{ did }] });
    expect(r.json.result.status).toBe(2);
    expect(r.json.result.transaction).toHaveLength(2);
    initDidBackend({ resolverUrl: sim.url, cacheTtlMs: 1000 });
    await expect(resolveDid(did)).rejects.toMatchObject({ type: 'did.deactivated' });
    expect(
      (
        await postIdtx(
          (await DIDRequest.update(a.document, 'x', a.document.getDefaultPublicKeyId(), 'sim-pass')).toJSON(),
        )
      ).status,
    ).toBe(400);
  });

  it('resolveDid reports did.resolver_unavailable when nothing answers', async () => {
    initDidBackend({ resolverUrl: 'http://127.0.0.1:1/', cacheTtlMs: 1000 });
    await expect(resolveDid(did)).rejects.toMatchObject({ type: 'did.resolver_unavailable' });
  });
});
