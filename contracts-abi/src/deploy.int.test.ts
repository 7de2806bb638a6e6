import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Wallet, parseEther } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil } from './anvil';
import {
  DEV_PARAMS,
  DeploymentMismatchError,
  deployGovernance,
  predictAddresses,
  setCirculatingSupply,
  setCouncil,
  setSecretary,
  topUpTreasury,
} from './deploy';
import { createProvider } from './provider';
import { makeIdentity } from './test-support/identities';

describe('dev chain: anvil with persisted state, deterministic and idempotent deployment', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cr-anvil-'));
  const statePath = path.join(dir, 'chain.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const members = Array.from({ length: 12 }, (_, i) => makeIdentity(`m${i}`));
  const secretary = makeIdentity('sg');

  it('deploys at fixed addresses, keeps the chain across a restart and does not redeploy', async () => {
    const first = await startAnvil({ statePath, hardfork: 'osaka' });
    const deployer = new Wallet(ANVIL_DEFAULT_KEYS[0], createProvider(first.rpcUrl));
    const fixed = predictAddresses(deployer.address, 0);
    const deployed = await deployGovernance(deployer, DEV_PARAMS);
    expect(deployed.reused).toBe(false);
    expect(deployed.deployBlock).toBeGreaterThan(0);
    expect(deployed.addresses).toEqual(fixed);
    const council = await setCouncil(deployed.contracts, {
      seats: 12,
      members: members.map((m) => ({ did: m.did, publicKey: m.key })),
    });
    expect(council).toMatchObject({ term: 1, changed: true });
    await setSecretary(deployed.contracts, { did: secretary.did, publicKey: secretary.key });
    await topUpTreasury(deployer, deployed.addresses, parseEther('1000'));
    await setCirculatingSupply(deployed.contracts, parseEther('1000000'));
    const height = await deployer.provider!.getBlockNumber();
    await first.stop();

    const second = await startAnvil({ statePath, hardfork: 'osaka' });
    try {
      const again = new Wallet(ANVIL_DEFAULT_KEYS[0], createProvider(second.rpcUrl));
      expect(await again.provider!.getBlockNumber()).toBe(height);
      const reused = await deployGovernance(again, DEV_PARAMS);
      expect(reused).toMatchObject({ reused: true, addresses: fixed, txHashes: [], deployBlock: null });
      // Operator helpers with a target state send nothing the second time.
      expect(await setCouncil(reused.contracts, { term: 1, seats: 12, members: [] })).toEqual({
        term: 1,
        changed: false,
      });
      expect(await setSecretary(reused.contracts, { did: secretary.did, publicKey: secretary.key })).toEqual({
        changed: false,
      });
      expect(await topUpTreasury(again, fixed, parseEther('1000'))).toEqual({ sentWei: 0n });
      expect(await setCirculatingSupply(reused.contracts, parseEther('1000000'))).toEqual({ changed: false });
      expect(await again.provider!.getBlockNumber()).toBe(height);
      expect(await reused.contracts.council.getFunction('memberIds')(1)).toHaveLength(12);
    } finally {
      await second.stop();
    }
  });

  it('refuses foreign code at the fixed addresses instead of trusting it', async () => {
    const anvil = await startAnvil({ hardfork: 'prague', blockTime: 0.25 });
    try {
      const provider = createProvider(anvil.rpcUrl);
      const deployer = new Wallet(ANVIL_DEFAULT_KEYS[0], provider);
      const fixed = predictAddresses(deployer.address, 0);
      await provider.send('anvil_setCode', [fixed.council, '0x6000']);
      await expect(deployGovernance(deployer, DEV_PARAMS)).rejects.toBeInstanceOf(DeploymentMismatchError);
    } finally {
      await anvil.stop();
    }
  });
});
