import { readFileSync } from 'node:fs';
import { Wallet, formatEther } from 'ethers';
import {
  DEV_PARAMS,
  PRODUCTION_PARAMS,
  assertDeployment,
  connectGovernance,
  deployGovernance,
  fundTreasury,
  predictAddresses,
  setCirculatingSupply,
  setCouncil,
  setSecretary,
  type CouncilMemberInput,
  type GovernanceParams,
} from './deploy';
import { loadOperatorCliConfig, type OperatorCliConfig } from './operator-cli.config';
import { deployRelayBatch } from './relay-batch';
import { createProvider } from './provider';

/**
 * Operator actions on the governance contracts: deploy, deploy the relayer's batch forwarder, seat the council of
 * a term, set the secretary general, fund the treasury, set the circulating supply, print the status. Prints one JSON line per result.
 *   tsx contracts-abi/src/operator-cli.ts status --dev
 */

async function run(config: OperatorCliConfig): Promise<unknown> {
  const provider = createProvider(config.rpcUrl, 500);
  const operator = new Wallet(config.operatorKey, provider);
  const addresses = config.addresses ?? predictAddresses(operator.address, 0);
  const { command } = config;

  if (command.command === 'deploy-relay-batch') {
    // No role and no state: any key may deploy it; the worker relays through the address printed here.
    return { relayBatch: await deployRelayBatch(operator) };
  }

  if (command.command === 'deploy') {
    const base: GovernanceParams = command.production ? PRODUCTION_PARAMS : DEV_PARAMS;
    const params: GovernanceParams = {
      ...base,
      votingPeriodBlocks: command.votingPeriod ?? base.votingPeriodBlocks,
      termLengthBlocks: command.termLength ?? base.termLengthBlocks,
      electionPeriodBlocks: command.electionPeriod ?? base.electionPeriodBlocks,
      vetoThresholdBps: command.vetoBps ?? base.vetoThresholdBps,
    };
    const deployment = await deployGovernance(operator, params, { expected: addresses });
    // deployBlock is what the worker's CONTRACTS_FROM_BLOCK must be set to.
    const { addresses: at, reused, txHashes, deployBlock } = deployment;
    return { addresses: at, reused, txHashes, deployBlock };
  }

  await assertDeployment(addresses, provider);
  const contracts = connectGovernance(addresses, operator);
  switch (command.command) {
    case 'status': {
      const [term, supply, bps, period, balance, committed, secretary] = await Promise.all([
        contracts.council.getFunction('currentTerm')(),
        contracts.governance.getFunction('circulatingSupply')(),
        contracts.governance.getFunction('vetoThresholdBps')(),
        contracts.governance.getFunction('votingPeriodBlocks')(),
        provider.getBalance(addresses.treasury),
        contracts.treasury.getFunction('committed')(),
        contracts.council.getFunction('secretaryDid')(),
      ]);
      return {
        addresses,
        block: await provider.getBlockNumber(),
        currentTerm: Number(term),
        votingPeriodBlocks: Number(period),
        circulatingSupplyEla: formatEther(supply as bigint),
        vetoThresholdBps: Number(bps),
        treasuryEla: formatEther(balance),
        committedEla: formatEther(committed as bigint),
        secretaryDid: secretary,
      };
    }
    case 'set-council': {
      const members = JSON.parse(readFileSync(command.members, 'utf8')) as CouncilMemberInput[];
      return setCouncil(contracts, { term: command.term, seats: command.seats, members });
    }
    case 'set-secretary':
      return setSecretary(contracts, { did: command.did, publicKey: command.key });
    case 'fund-treasury':
      return { txHash: await fundTreasury(operator, addresses, command.ela) };
    case 'set-circulating-supply':
      return setCirculatingSupply(contracts, command.ela);
  }
}

async function main(): Promise<void> {
  const config = loadOperatorCliConfig(process.env, process.argv.slice(2));
  const result = await run(config);
  console.log(
    JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
