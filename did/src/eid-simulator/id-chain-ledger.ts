import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  Base58,
  DIDRequest,
  HDKey,
  IDChainRequest,
  Logger,
  type DIDDocument,
  type JSONObject,
} from '@elastosfoundation/did-js-sdk';

/** One accepted ID transaction, as the EID node returns it in a DID biography. */
export interface LedgerTx {
  did: string;
  txid: string;
  /** ISO time without milliseconds, like the EID node. */
  timestamp: string;
  /** The signed IDChainRequest exactly as published. */
  operation: JSONObject;
}

/** A refused ID transaction: the reason is safe to show to the publisher. */
export class IdTransactionRejected extends Error {
  override readonly name = 'IdTransactionRejected';
}

const DID_SPEC = 'elastos/did/1.0';

Logger.setLevel(Logger.ERROR);

/**
 * The simulated ID chain's state: ID transactions newest first, validated as the EID chain does for
 * ordinary (non-customized) DIDs, persisted as JSON in `file`.
 */
export class IdChainLedger {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private txs: LedgerTx[],
  ) {}

  static async open(dataDir: string): Promise<IdChainLedger> {
    await mkdir(dataDir, { recursive: true });
    const file = path.join(dataDir, 'id-transactions.json');
    let txs: LedgerTx[] = [];
    try {
      txs = JSON.parse(await readFile(file, 'utf8')) as LedgerTx[];
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return new IdChainLedger(file, txs);
  }

  get size(): number {
    return new Set(this.txs.map((t) => t.did)).size;
  }

  /** Validates and records a signed ID transaction; serialized so create/update races cannot slip through. */
  submit(payload: string): Promise<LedgerTx> {
    const run = this.queue.then(() => this.accept(payload));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async reset(): Promise<void> {
    this.txs = [];
    await this.save();
  }

  /** The `result` of `did_resolveDID`: status 0 valid, 2 deactivated, 3 not found; newest first. */
  resolve(did: string, all: boolean): JSONObject {
    const mine = this.txs.filter((t) => t.did === did);
    if (mine.length === 0) return { did, status: 3 };
    const deactivated = operationOf(mine[0]!) === 'deactivate';
    const limit = all ? mine.length : deactivated ? 2 : 1;
    const transaction = mine
      .slice(0, limit)
      .map((t) => ({ txid: t.txid, timestamp: t.timestamp, operation: t.operation }));
    return { did, status: deactivated ? 2 : 0, transaction };
  }

  private async accept(payload: string): Promise<LedgerTx> {
    let json: JSONObject;
    try {
      json = JSON.parse(payload) as JSONObject;
    } catch {
      throw new IdTransactionRejected('payload is not JSON');
    }
    const header = json.header as JSONObject | undefined;
    if (header?.specification !== DID_SPEC) {
      throw new IdTransactionRejected(
        'only elastos/did/1.0 transactions are simulated (no credential transactions)',
      );
    }
    let request: DIDRequest;
    try {
      request = DIDRequest.parse(json);
    } catch (err) {
      throw new IdTransactionRejected(`malformed ID request: ${String(err).slice(0, 200)}`);
    }
    const did = request.getDid().toString();
    const history = this.txs.filter((t) => t.did === did);
    const last = history[0];
    if (last && operationOf(last) === 'deactivate')
      throw new IdTransactionRejected(`DID ${did} is deactivated`);
    const op = request.getOperation();

    if (op.equals(IDChainRequest.Operation.CREATE) || op.equals(IDChainRequest.Operation.UPDATE)) {
      const doc = request.getDocument();
      checkOrdinaryDocument(doc, did);
      if (!(await request.isValid())) {
        throw new IdTransactionRejected('request is not signed by an authentication key of the document');
      }
      if (op.equals(IDChainRequest.Operation.CREATE)) {
        if (last) throw new IdTransactionRejected(`DID ${did} already exists`);
      } else {
        if (!last) throw new IdTransactionRejected(`DID ${did} does not exist`);
        if (request.getPreviousTxid() !== last.txid)
          throw new IdTransactionRejected('previous transaction id mismatch');
        const previous = lastDocument(history);
        const signer = request.getProof().getVerificationMethod();
        if (!previous?.isAuthenticationKey(signer)) {
          throw new IdTransactionRejected('update is not signed by a key of the current document');
        }
      }
    } else if (op.equals(IDChainRequest.Operation.DEACTIVATE)) {
      const previous = lastDocument(history);
      if (!previous) throw new IdTransactionRejected(`DID ${did} does not exist`);
      const proof = request.getProof();
      const vm = proof.getVerificationMethod();
      const inputs = (request as unknown as { getSigningInputs(): Buffer[] }).getSigningInputs();
      const keyOk = previous.isAuthenticationKey(vm) || previous.isAuthorizationKey(vm);
      if (!keyOk || !previous.verify(vm, proof.getSignature(), ...inputs)) {
        throw new IdTransactionRejected('deactivation is not signed by a key of the document');
      }
    } else {
      throw new IdTransactionRejected(`operation ${op.toString()} is not supported (ordinary DIDs only)`);
    }

    const tx: LedgerTx = {
      did,
      txid: randomBytes(32).toString('hex'),
      timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      operation: json,
    };
    this.txs.unshift(tx);
    await this.save();
    return tx;
  }

  private async save(): Promise<void> {
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(this.txs, null, 1));
    await rename(tmp, this.file);
  }
}

function operationOf(tx: LedgerTx): string {
  return String((tx.operation.header as JSONObject).operation);
}

function lastDocument(history: LedgerTx[]): DIDDocument | null {
  for (const tx of history) {
    if (operationOf(tx) === 'deactivate') continue;
    return DIDRequest.parse(tx.operation).getDocument();
  }
  return null;
}

/**
 * An ordinary Elastos DID is the hash of its default key: a document may only be published for a DID by
 * the holder of that key (otherwise anyone could claim any DID with a key of their own).
 */
function checkOrdinaryDocument(doc: DIDDocument | null, did: string): asserts doc is DIDDocument {
  if (!doc) throw new IdTransactionRejected('request carries no document');
  if (doc.getSubject().toString() !== did) throw new IdTransactionRejected('document subject is not the DID');
  if (doc.isCustomizedDid()) throw new IdTransactionRejected('customized DIDs are not simulated');
  const key = doc.getDefaultPublicKey();
  if (!key) throw new IdTransactionRejected('document has no default key');
  if (HDKey.toAddress(Base58.decode(key.getPublicKeyBase58())) !== doc.getSubject().getMethodSpecificId()) {
    throw new IdTransactionRejected('document default key does not derive the DID');
  }
  if (doc.isExpired()) throw new IdTransactionRejected('document has expired');
  if (!doc.isGenuine()) throw new IdTransactionRejected('document proof does not verify');
}
