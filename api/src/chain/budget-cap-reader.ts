import { Contract } from 'ethers';
import { governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import type { AppDeps } from '../app-deps';
import { budgetCapWei, type BudgetCapState } from '@cr/contract/budget-cap';
import type { Db } from '@cr/core/db/db-client';
import { AppError } from '@cr/core/errors/app-error';
import { chainReader, withReadTimeout } from './chain-reader';
import { openCallsWithSelector } from '@cr/core/chain/chain-refusal.repo';

/** The cap as a registration signed now meets it, with what it was computed from (wei). */
export interface BudgetCapReading {
  blockNumber: number;
  state: Required<BudgetCapState>;
  capWei: bigint;
}

const REGISTER = governanceInterface.getFunction('register')!;

const unreadable = () =>
  new AppError(
    503,
    'chain.unavailable',
    'The treasury cannot be read from the chain right now, so its cap is unknown.',
  );

/**
 * Reads what Treasury.reserveBudget reads (balance, `committed`, BUDGET_CAP_BPS, BPS) at `blockTag` through the
 * api's chain reader, adds the budgets of the registrations still in the site's outbox that the chain has not
 * reserved yet (they reach the chain first), and applies the shared rule (contract/budget-cap.ts).
 */
export async function readBudgetCap(
  deps: AppDeps,
  db: Db,
  blockTag: number | 'latest' = 'latest',
): Promise<BudgetCapReading> {
  const address = deps.config.TREASURY_ADDRESS;
  const provider = chainReader(deps);
  if (!provider || !address) throw unreadable();
  const treasury = new Contract(address, treasuryInterface, provider);
  const read = (name: string, ...args: unknown[]) =>
    treasury.getFunction(name).staticCall(...args, { blockTag: blockNumber }) as Promise<unknown>;
  let blockNumber = 0;
  try {
    // eth_blockNumber as sent (ethers' getBlockNumber may answer a height a block old, before a change).
    blockNumber =
      blockTag === 'latest'
        ? Number(await withReadTimeout(provider.send('eth_blockNumber', []) as Promise<string>))
        : blockTag;
    const [balanceWei, committedWei, capBps, bps] = (await withReadTimeout(
      Promise.all([
        provider.getBalance(address, blockNumber),
        read('committed'),
        read('BUDGET_CAP_BPS'),
        read('BPS'),
      ]),
    )) as bigint[];
    const pending = await pendingRegistrations(db);
    // A registration mined but not yet confirmed is already in `committed`: count only what the chain lacks.
    const reserved = await withReadTimeout(
      Promise.all(
        pending.map(async (p) => ((await read('budget', p.draftHash)) as { exists: boolean }).exists),
      ),
    );
    const pendingWei = pending.reduce((sum, p, i) => (reserved[i] ? sum : sum + p.totalWei), 0n);
    const state = {
      balanceWei: balanceWei!,
      committedWei: committedWei!,
      pendingWei,
      capBps: capBps!,
      bps: bps!,
    };
    return { blockNumber, state, capWei: budgetCapWei(state) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.warn({ err }, 'treasury cap not readable from the chain');
    throw unreadable();
  }
}

/** Governance.register calls in the outbox (not yet chained or failed): their draft hash and budget total. */
async function pendingRegistrations(db: Db): Promise<{ draftHash: string; totalWei: bigint }[]> {
  const calls = await openCallsWithSelector(db, REGISTER.selector);
  return calls.map((data) => {
    const [p] = governanceInterface.decodeFunctionData(REGISTER, data) as unknown as [
      { draftHash: string; terms: { stages: { amount: bigint }[] } },
    ];
    return {
      draftHash: p.draftHash,
      totalWei: p.terms.stages.reduce((sum, st) => sum + BigInt(st.amount), 0n),
    };
  });
}
