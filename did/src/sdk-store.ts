import { DIDStore, Mnemonic, RootIdentity, type DIDDocument } from '@elastosfoundation/did-js-sdk';
import { resolveDid } from './did-backend';
import { EidRpcAdapter, simulatorIdTransactionUrl } from './did-backend';
import { DidError, isDidError } from './did-error';

/** A DID kept in an SDK DIDStore on disk, with the store password needed to sign. */
export interface StoredDid {
  store: DIDStore;
  document: DIDDocument;
  storepass: string;
}

export function generateMnemonic(): string {
  return Mnemonic.getInstance(Mnemonic.ENGLISH).generate();
}

export function isValidMnemonic(mnemonic: string): boolean {
  return Mnemonic.checkIsValid(mnemonic);
}

/**
 * Opens the DIDStore in `storeDir` and returns the DID at index 0 of its root identity, creating the
 * identity from `mnemonic` (or a new one) when the store holds none. The DID key is `#primary`,
 * P-256, derived at m/44'/0'/0'/0/0 exactly as Essentials derives it.
 */
export async function openOrCreateStoredDid(options: {
  storeDir: string;
  storepass: string;
  mnemonic?: string;
  passphrase?: string;
}): Promise<StoredDid> {
  const { storeDir, storepass } = options;
  const store = await DIDStore.open(storeDir);
  if (await store.containsRootIdentities()) {
    const identity = await store.loadRootIdentity();
    const did = identity.getDid(0);
    if (options.mnemonic !== undefined) {
      const expected = RootIdentity.getIdFromMnemonic(options.mnemonic, options.passphrase ?? '');
      if (expected !== identity.getId()) {
        throw new DidError('did.request_invalid', `the DID store in ${storeDir} holds another identity`);
      }
    }
    const document = (await store.loadDid(did)) ?? (await identity.newDid(storepass, 0, true));
    return { store, document, storepass };
  }
  const mnemonic = options.mnemonic ?? generateMnemonic();
  if (!isValidMnemonic(mnemonic))
    throw new DidError('did.request_invalid', 'the mnemonic is not a valid BIP39 phrase');
  const identity = await RootIdentity.createFromMnemonic(
    mnemonic,
    options.passphrase ?? '',
    store,
    storepass,
    true,
  );
  await identity.setAsDefault();
  const document = await identity.newDid(storepass, 0, true);
  return { store, document, storepass };
}

/**
 * Publishes the DID to the EID simulator at `simulatorUrl` unless it already resolves to a document
 * with the same default key (resolution goes through the configured DID backend).
 */
export async function ensurePublished(stored: StoredDid, simulatorUrl: string): Promise<void> {
  const did = stored.document.getSubject().toString();
  try {
    const onChain = await resolveDid(did);
    const mine = stored.document.getDefaultPublicKey().getPublicKeyBase58();
    if (onChain.getDefaultPublicKey().getPublicKeyBase58() === mine) return;
    throw new DidError('did.publish_failed', `DID ${did} is published with another key`);
  } catch (err) {
    if (!isDidError(err, 'did.unresolvable')) throw err;
  }
  const adapter = new EidRpcAdapter(simulatorUrl, simulatorIdTransactionUrl(simulatorUrl));
  try {
    await stored.document.publish(stored.storepass, undefined, false, adapter);
  } catch (cause) {
    throw new DidError('did.publish_failed', `publishing ${did} failed: ${String(cause).slice(0, 300)}`, {
      cause,
    });
  }
}
