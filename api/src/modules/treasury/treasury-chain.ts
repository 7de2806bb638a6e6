import { Contract } from 'ethers';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '@cr/core/errors/app-error';
import { chainReader, withReadTimeout as withTimeout } from '../../chain/chain-reader';

/** The Treasury contract's own figures at one block, in wei. */
export interface TreasuryState {
  blockNumber: number;
  balanceWei: bigint;
  committedWei: bigint;
  availableWei: bigint;
  capWei: bigint;
  capBps: number;
}

export const treasuryUnavailable = () =>
  new AppError(503, 'treasury.unavailable', 'The treasury cannot be read from the chain right now.');

/**
 * Reads the balance and the contract's views at `blockTag` (the indexed height, so they agree with the indexed
 * events; `latest` before the watcher has indexed anything). The cap's share is the contract's constant, not ours.
 */
export async function readTreasuryState(deps: AppDeps, blockTag: number | 'latest'): Promise<TreasuryState> {
  const address = deps.config.TREASURY_ADDRESS;
  const provider = chainReader(deps);
  if (!provider || !address) throw treasuryUnavailable();
  const treasury = new Contract(address, treasuryInterface, provider);
  try {
    const blockNumber = blockTag === 'latest' ? await withTimeout(provider.getBlockNumber()) : blockTag;
    const [balanceWei, committedWei, availableWei, capWei, capBps] = (await withTimeout(
      Promise.all([
        provider.getBalance(address, blockNumber),
        treasury.getFunction('committed').staticCall({ blockTag: blockNumber }),
        treasury.getFunction('available').staticCall({ blockTag: blockNumber }),
        treasury.getFunction('budgetCap').staticCall({ blockTag: blockNumber }),
        treasury.getFunction('BUDGET_CAP_BPS').staticCall({ blockTag: blockNumber }),
      ]),
    )) as bigint[];
    return {
      blockNumber,
      balanceWei: balanceWei!,
      committedWei: committedWei!,
      availableWei: availableWei!,
      capWei: capWei!,
      capBps: Number(capBps),
    };
  } catch (err) {
    deps.logger.warn({ err }, 'treasury state not readable from the chain');
    throw treasuryUnavailable();
  }
}
