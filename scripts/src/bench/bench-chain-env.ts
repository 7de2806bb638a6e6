import { Wallet, parseEther } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil } from '@cr/contracts-abi/anvil';
import { DEV_PARAMS, deployGovernance, topUpTreasury } from '@cr/contracts-abi/deploy';
import { createProvider } from '@cr/contracts-abi/provider';

const CHAIN_ID = 31337;
// Within what anvil's first account holds (10,000).
const TREASURY = parseEther('5000');

/**
 * A real chain for `bench:web`: anvil with the governance contracts and a funded treasury, and the api variables
 * that point at it. Without one the home page's treasury panel answers 503, a console error that is not the
 * page's doing (Lighthouse's best-practices), and the chain height the pages show stays empty.
 */
export async function startBenchChain(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  try {
    const provider = createProvider(anvil.rpcUrl);
    const operator = new Wallet(ANVIL_DEFAULT_KEYS[0]!, provider);
    const deployment = await deployGovernance(operator, DEV_PARAMS);
    await topUpTreasury(operator, deployment.addresses, TREASURY);
    provider.destroy();
    return {
      env: {
        CHAIN_RPC_URL: anvil.rpcUrl,
        CHAIN_ID: String(CHAIN_ID),
        VOTING_PERIOD_BLOCKS: String(DEV_PARAMS.votingPeriodBlocks),
        COUNCIL_ADDRESS: deployment.addresses.council,
        GOVERNANCE_ADDRESS: deployment.addresses.governance,
        TREASURY_ADDRESS: deployment.addresses.treasury,
        CONTRACTS_FROM_BLOCK: String(deployment.deployBlock ?? 0),
      },
      stop: () => anvil.stop(),
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}
