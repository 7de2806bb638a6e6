/**
 * Sends the relayer's signed transactions to the node: in nonce order, one request at a time.
 *
 * Sent at once over several connections (ethers splits a JSON-RPC batch of more than RPC_BATCH_MAX calls into
 * requests sent together), a run's transactions reach the node in any order. A node must take that, but anvil
 * 1.7.1 does not always: when a transaction arrives while the one with the nonce before it is being mined, it can
 * stay in the pool's `queued` set for good, with its nonce the account's next (a re-send answers "already known",
 * a new block does not move it), and every later transaction of the key waits behind it. Bursts of 2–21
 * transfers sent shuffled got one stuck in 4 of 7 runs of up to 400 bursts; sent in nonce order, none in 1,600
 * (docs/chain-worker.md, "Sending in nonce order"). It also keeps a real node's queue of future nonces (geth keeps
 * 64 per account) empty.
 *
 * So the sends asked together, and then those waiting when a request ends, go as one request: a JSON-RPC batch in
 * nonce order of at most `batchMax` calls. The same bytes asked to be sent twice share one send and its answer.
 * Each call gets the answer or error of its own entry, as `provider.send` gives it (a node that cannot be reached
 * rejects them all).
 */
import type { JsonRpcError, JsonRpcPayload, JsonRpcProvider, JsonRpcResult } from 'ethers';

interface Waiting {
  raw: string;
  nonce: number;
  sent: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class RawTxSender {
  /** By raw tx: waiting for the next request, or in the one on its way. */
  private readonly byRaw = new Map<string, Waiting>();
  private queue: Waiting[] = [];
  private running = false;

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly batchMax: number,
  ) {}

  /** Sends `raw` (its nonce orders it among the waiting ones); settles with the node's answer to it. */
  send(raw: string, nonce: number): Promise<void> {
    const same = this.byRaw.get(raw);
    if (same) return same.sent;
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const sent = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    const entry: Waiting = { raw, nonce, sent, resolve, reject };
    this.byRaw.set(raw, entry);
    this.queue.push(entry);
    if (!this.running) void this.drain();
    return sent;
  }

  private async drain() {
    this.running = true;
    try {
      // The sends asked in this turn of the event loop (a signing run's) go in the first request together.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.queue.length > 0) {
        this.queue.sort((a, b) => a.nonce - b.nonce);
        const next = this.queue.splice(0, this.batchMax);
        await this.post(next);
        for (const w of next) this.byRaw.delete(w.raw);
      }
    } finally {
      this.running = false;
    }
  }

  /** One request for `batch`; never throws (each entry settles with its own outcome). */
  private async post(batch: Waiting[]) {
    const payloads: JsonRpcPayload[] = batch.map((w, i) => ({
      method: 'eth_sendRawTransaction',
      params: [w.raw],
      id: i + 1,
      jsonrpc: '2.0',
    }));
    let answers: (JsonRpcResult | JsonRpcError)[];
    try {
      answers = await this.provider._send(payloads.length === 1 ? payloads[0]! : payloads);
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    const byId = new Map(answers.map((a) => [Number(a.id), a]));
    batch.forEach((w, i) => {
      const answer = byId.get(i + 1);
      if (!answer) w.reject(new Error('the node gave no answer to eth_sendRawTransaction'));
      else if ('error' in answer) w.reject(this.provider.getRpcError(payloads[i]!, answer));
      else w.resolve();
    });
  }
}
