import fs from 'node:fs';
import path from 'node:path';
import { Wallet, parseEther } from 'ethers';
import { ANVIL_DEFAULT_KEYS, RELAY_BATCH_DEPLOYER_KEY, startAnvil } from '@cr/contracts-abi/anvil';
import {
  DEV_PARAMS,
  deployGovernance,
  setCirculatingSupply,
  setCouncil,
  setSecretary,
  topUpTreasury,
  type GovernanceAddresses,
} from '@cr/contracts-abi/deploy';
import { createProvider } from '@cr/contracts-abi/provider';
import { ensureRelayBatch } from '@cr/contracts-abi/relay-batch';
import { resolveDid } from '@cr/did/did-backend';
import { ensureDidBackend } from '@cr/did/did-backend';
import { writeDevChainEndpoint } from '@cr/did/dev-endpoints';
import { createWallet, listWallets, type WalletInfo } from '@cr/did/wallet/wallet-store';

export const DEV_CHAIN_ID = 31337;
/** Council seats of the dev council (spec §9: 12). */
export const DEV_COUNCIL_SIZE = 12;
export const devCouncilName = (i: number) => `council-${String(i + 1).padStart(2, '0')}`;
export const DEV_SECRETARY_NAME = 'secretary';
/** Dev circulating supply: small, so a dev wallet can stake past the 10% veto threshold (100 ELA). */
const DEV_CIRCULATING_SUPPLY = parseEther('1000');
const DEV_TREASURY = parseEther('100000');
/** Each dev identity's EVM account holds this much, for veto stakes. */
const DEV_WALLET_BALANCE = parseEther('1000');

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  addresses: GovernanceAddresses;
  /** The block the contracts were deployed in: the worker indexes from there (CONTRACTS_FROM_BLOCK). */
  deployBlock: number;
  relayerKey: string;
  /** The relayer's batch forwarder (RELAY_BATCH_ADDRESS): many relayed actions per transaction. */
  relayBatchAddress: string;
  votingPeriodBlocks: number;
  council: WalletInfo[];
  secretary: WalletInfo;
  stop(): Promise<void>;
}

async function ensureWallet(
  name: string,
  existing: WalletInfo[],
  opts: { walletDir: string; resolverUrl: string },
) {
  return existing.find((w) => w.name === name) ?? (await createWallet(name, { ...opts, displayName: name }));
}

async function publicKeyOf(did: string): Promise<string> {
  return (await resolveDid(did)).getDefaultPublicKey().getPublicKeyBase58();
}

/**
 * The local chain for `npm start`: anvil with 1-second blocks and its state under DATA_DIR/chain, the governance
 * contracts at their fixed dev addresses (deployed once), a dev council of 12 dev-wallet identities and a
 * secretary general, a funded treasury and funded dev wallets. Every step is idempotent, so restarts reuse it.
 */
export async function startDevChain(opts: {
  dataDir: string;
  eidUrl: string;
  votingPeriodBlocks: number;
  log: (line: string) => void;
}): Promise<DevChain> {
  const chainDir = path.join(opts.dataDir, 'chain');
  fs.mkdirSync(chainDir, { recursive: true });
  const anvil = await startAnvil({
    blockTime: 1,
    hardfork: 'osaka',
    chainId: DEV_CHAIN_ID,
    statePath: path.join(chainDir, 'anvil-state.json'),
  });
  try {
    const provider = createProvider(anvil.rpcUrl);
    const operator = new Wallet(ANVIL_DEFAULT_KEYS[0]!, provider);
    const deployment = await deployGovernance(operator, {
      ...DEV_PARAMS,
      votingPeriodBlocks: opts.votingPeriodBlocks,
    });
    const deployBlock = rememberDeployBlock(path.join(chainDir, 'deployment.json'), deployment);
    const relayBatch = await ensureRelayBatch(new Wallet(RELAY_BATCH_DEPLOYER_KEY, provider));
    opts.log(
      deployment.reused
        ? `local chain at ${anvil.rpcUrl} (contracts already deployed)`
        : `local chain at ${anvil.rpcUrl}: governance contracts deployed`,
    );

    ensureDidBackend(opts.eidUrl);
    const walletOpts = { walletDir: path.join(opts.dataDir, 'wallets'), resolverUrl: opts.eidUrl };
    const existing = await listWallets({ walletDir: walletOpts.walletDir });
    const names = Array.from({ length: DEV_COUNCIL_SIZE }, (_, i) => devCouncilName(i));
    if (!names.every((n) => existing.some((w) => w.name === n)))
      opts.log('creating the dev council identities…');
    const council: WalletInfo[] = [];
    for (const name of names) council.push(await ensureWallet(name, existing, walletOpts));
    const secretary = await ensureWallet(DEV_SECRETARY_NAME, existing, walletOpts);

    const members = await Promise.all(
      council.map(async (w) => ({ did: w.did, publicKey: await publicKeyOf(w.did) })),
    );
    await setCouncil(deployment.contracts, { term: 1, seats: DEV_COUNCIL_SIZE, members });
    await setSecretary(deployment.contracts, {
      did: secretary.did,
      publicKey: await publicKeyOf(secretary.did),
    });
    // The dev operator holds enough to fund the treasury (anvil's default accounts hold 10,000).
    if ((await provider.getBalance(operator.address)) < DEV_TREASURY * 2n)
      await provider.send('anvil_setBalance', [operator.address, `0x${(DEV_TREASURY * 3n).toString(16)}`]);
    await topUpTreasury(operator, deployment.addresses, DEV_TREASURY);
    await setCirculatingSupply(deployment.contracts, DEV_CIRCULATING_SUPPLY);
    for (const w of [...council, secretary, ...(await listWallets({ walletDir: walletOpts.walletDir }))]) {
      if ((await provider.getBalance(w.evmAddress)) < DEV_WALLET_BALANCE / 2n)
        await provider.send('anvil_setBalance', [w.evmAddress, `0x${DEV_WALLET_BALANCE.toString(16)}`]);
    }
    provider.destroy();
    // Lets `npm run wallet -- scan … --approve` in another terminal send esctransaction replies to this chain.
    const removeEndpoint = await writeDevChainEndpoint(opts.dataDir, {
      rpcUrl: anvil.rpcUrl,
      chainId: DEV_CHAIN_ID,
    });
    return {
      rpcUrl: anvil.rpcUrl,
      chainId: DEV_CHAIN_ID,
      addresses: deployment.addresses,
      deployBlock,
      relayerKey: ANVIL_DEFAULT_KEYS[1]!,
      relayBatchAddress: relayBatch.address,
      votingPeriodBlocks: opts.votingPeriodBlocks,
      council,
      secretary,
      stop: async () => {
        await removeEndpoint();
        await anvil.stop();
      },
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/**
 * The dev contracts' deployment block, kept next to the chain state: a fresh deployment records it, a restart on
 * the persisted chain (which deploys nothing) reads it back. A chain state from before this record was kept has
 * it nowhere; its contracts were the first transactions of the dev chain (nonces 0-2 of the first key), so
 * block 0 skips nothing there.
 */
export function rememberDeployBlock(
  file: string,
  deployment: { addresses: GovernanceAddresses; deployBlock: number | null },
): number {
  if (deployment.deployBlock !== null) {
    fs.writeFileSync(file, JSON.stringify({ ...deployment.addresses, deployBlock: deployment.deployBlock }));
    return deployment.deployBlock;
  }
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as GovernanceAddresses & { deployBlock: number };
    if (saved.governance === deployment.addresses.governance && Number.isInteger(saved.deployBlock))
      return saved.deployBlock;
  } catch {
    // no record yet: see above
  }
  return 0;
}
