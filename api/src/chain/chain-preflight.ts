import type { AppDeps } from '../app-deps';
import { CHAIN_REFUSAL_MESSAGES, chainRefusalType } from '@cr/contract/chain-refusal-messages.contract';
import type { ChainRefusal } from '@cr/contract/chain-refusals';
import { AppError } from '@cr/core/errors/app-error';
import { chainReader, withReadTimeout } from './chain-reader';
import { chainViewOf, type ChainView } from './chain-state';

/** The refusal as the api answers it: 409 with `chain.<error>` and the English text (the web shows en or zh). */
export function chainRefusalError(r: ChainRefusal): AppError {
  return new AppError(409, chainRefusalType(r.name), CHAIN_REFUSAL_MESSAGES[r.name].en);
}

const unreadable = () =>
  new AppError(
    503,
    'chain.unavailable',
    'The chain cannot be read right now, so this action cannot be checked.',
  );

function viewOf(deps: AppDeps): ChainView {
  const {
    GOVERNANCE_ADDRESS: governance,
    TREASURY_ADDRESS: treasury,
    COUNCIL_ADDRESS: council,
  } = deps.config;
  const provider = chainReader(deps);
  if (!provider || !governance || !treasury || !council) throw unreadable();
  return chainViewOf(provider, { governance, treasury, council });
}

/**
 * Refuses an action the chain would refuse: reads the state the contract reads (`read`) and applies the shared
 * rule (`rule`, contract/chain-refusals.ts). Called before a wallet request is issued and again when the signed
 * reply arrives, before anything is stored. A chain that cannot be read refuses too (503): the site does not ask
 * a member to sign what it cannot check.
 */
export async function refuseWhatChainWould<S>(
  deps: AppDeps,
  read: (v: ChainView) => Promise<S>,
  rule: (s: S) => ChainRefusal | null,
): Promise<void> {
  let state: S;
  try {
    state = await withReadTimeout(read(viewOf(deps)));
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.warn({ err }, 'chain state not readable for a pre-check');
    throw unreadable();
  }
  const refusal = rule(state);
  if (refusal) throw chainRefusalError(refusal);
}
