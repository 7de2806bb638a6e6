import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DIDURL, Issuer, type VerifiableCredential } from '@elastosfoundation/did-js-sdk';
import { HDNodeWallet } from 'ethers';
import { ensureDidBackend } from '../did-backend';
import { DidError } from '../did-error';
import { ensurePublished, generateMnemonic, openOrCreateStoredDid, type StoredDid } from '../sdk-store';

/**
 * DEV AND TESTS ONLY. Wallet identities live unencrypted-by-design under the wallet directory
 * (mnemonic in wallet.json, SDK store with a fixed password): never use them for anything of value.
 */
const DEV_STOREPASS = 'dev-wallet-not-a-secret';

/** The EVM path Essentials uses for ESC/EID accounts from the identity's mnemonic (ethers defaultPath). */
export const ESSENTIALS_EVM_PATH = "m/44'/60'/0'/0/0";

export interface WalletPaths {
  walletDir: string;
}

export interface WalletNetwork extends WalletPaths {
  /** EID resolver root (the simulator in dev/tests); new DIDs are published to its /idtx. */
  resolverUrl: string;
}

export interface WalletInfo {
  name: string;
  did: string;
  evmAddress: string;
  displayName: string;
  email: string;
  createdAt: string;
}

interface WalletFile extends WalletInfo {
  mnemonic: string;
}

export interface OpenedWallet {
  info: WalletInfo;
  stored: StoredDid;
  mnemonic: string;
  /** Self-proclaimed credentials by fragment (`name`, `email`), what credaccess can share. */
  credentials: Map<string, VerifiableCredential>;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

function walletPath(walletDir: string, name: string): string {
  if (!NAME.test(name))
    throw new DidError('did.request_invalid', 'wallet names are 1-40 letters, digits, - or _');
  return path.join(walletDir, name);
}

/** The EVM address Essentials derives from the same mnemonic (m/44'/60'/0'/0/0, empty passphrase). */
export function evmWalletFromMnemonic(mnemonic: string): HDNodeWallet {
  return HDNodeWallet.fromPhrase(mnemonic, '', ESSENTIALS_EVM_PATH);
}

/**
 * Creates a wallet: a mnemonic (new, or given), the DID at m/44'/0'/0'/0/0 with its P-256 `#primary` key
 * published to the simulator, self-proclaimed `#name` / `#email` credentials, and the Essentials EVM address.
 */
export async function createWallet(
  name: string,
  opts: WalletNetwork & { mnemonic?: string; displayName?: string; email?: string },
): Promise<WalletInfo> {
  const dir = walletPath(opts.walletDir, name);
  if (existsSync(path.join(dir, 'wallet.json')))
    throw new DidError('did.wallet_exists', `wallet ${name} already exists`);
  await rm(dir, { recursive: true, force: true }); // leftovers of an interrupted create
  await mkdir(dir, { recursive: true });
  const mnemonic = opts.mnemonic ?? generateMnemonic();
  ensureDidBackend(opts.resolverUrl);
  const stored = await openOrCreateStoredDid({
    storeDir: path.join(dir, 'store'),
    storepass: DEV_STOREPASS,
    mnemonic,
  });
  const did = stored.document.getSubject();
  const displayName = opts.displayName ?? name;
  const email = opts.email ?? `${name.toLowerCase()}@dev-wallet.invalid`;
  const issuer = await Issuer.create(stored.document);
  for (const [fragment, value] of [
    ['name', displayName],
    ['email', email],
  ] as const) {
    const vc = await issuer
      .issueFor(did)
      .id(`#${fragment}`)
      .types('BasicProfileCredential', 'SelfProclaimedCredential')
      .properties({ [fragment]: value })
      .seal(DEV_STOREPASS);
    await stored.store.storeCredential(vc);
  }
  await ensurePublished(stored, opts.resolverUrl);
  const info: WalletInfo = {
    name,
    did: did.toString(),
    evmAddress: evmWalletFromMnemonic(mnemonic).address,
    displayName,
    email,
    createdAt: new Date().toISOString(),
  };
  const file: WalletFile = { ...info, mnemonic };
  await writeFile(path.join(dir, 'wallet.json'), JSON.stringify(file, null, 2), { mode: 0o600 });
  await chmod(path.join(dir, 'wallet.json'), 0o600);
  return info;
}

/** All wallets under the wallet directory, by name. */
export async function listWallets(opts: WalletPaths): Promise<WalletInfo[]> {
  let names: string[];
  try {
    names = await readdir(opts.walletDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const wallets: WalletInfo[] = [];
  for (const name of names.sort()) {
    if (!NAME.test(name)) continue;
    const file = await readWalletFile(opts.walletDir, name);
    if (file) wallets.push(publicInfo(file));
  }
  return wallets;
}

/** Opens a wallet's DID store and credentials. */
export async function openWallet(name: string, opts: WalletPaths): Promise<OpenedWallet> {
  const file = await readWalletFile(opts.walletDir, name);
  if (!file) throw new DidError('did.wallet_not_found', `no wallet named ${name} in ${opts.walletDir}`);
  const stored = await openOrCreateStoredDid({
    storeDir: path.join(walletPath(opts.walletDir, name), 'store'),
    storepass: DEV_STOREPASS,
    mnemonic: file.mnemonic,
  });
  const credentials = new Map<string, VerifiableCredential>();
  for (const fragment of ['name', 'email']) {
    const vc = await stored.store.loadCredential(new DIDURL(`#${fragment}`, stored.document.getSubject()));
    if (vc) credentials.set(fragment, vc);
  }
  return { info: publicInfo(file), stored, mnemonic: file.mnemonic, credentials };
}

async function readWalletFile(walletDir: string, name: string): Promise<WalletFile | null> {
  try {
    return JSON.parse(
      await readFile(path.join(walletPath(walletDir, name), 'wallet.json'), 'utf8'),
    ) as WalletFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function publicInfo(file: WalletFile): WalletInfo {
  const { name, did, evmAddress, displayName, email, createdAt } = file;
  return { name, did, evmAddress, displayName, email, createdAt };
}
