import { councilInterface, governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import type { GovernanceAddresses } from '@cr/contracts-abi/deploy';
import { conclusionRefusalHandlers } from '@cr/api/modules/conclusion/index';
import { milestoneRefusalHandlers, milestoneWorkerPlugins } from '@cr/api/modules/milestone/index';
import { proposalWorkerPlugins, type ReminderOptions } from '@cr/api/modules/proposal/index';
import type { MailLog, MailQueue } from '@cr/core/queues/mail-queue';
import type { DecodedRevert } from '@cr/core/chain/revert-reason';
import { mergeEffects } from '@cr/core/effects/after-commit';
import type { FinalizeRevertVerdict } from './worker-context';
import type { WorkerPlugins } from './worker-registry';

/**
 * `NothingToFinalize(status, nextHeight)` from Governance.finalize: nextHeight 0 means the proposal already left
 * its windows (someone finalized it: done, no tx needed); a height means the window has not closed on chain yet.
 */
export function classifyGovernanceFinalize(revert: DecodedRevert): FinalizeRevertVerdict {
  if (revert.name !== 'NothingToFinalize') return 'refused';
  return BigInt(revert.args[1] as bigint) === 0n ? 'done' : 'wait';
}

/** The proposal module's part (projections, window closer, reminders, vote/registration chain status). */
export interface ProposalPluginOptions {
  chainId: number;
  /** Reminder lead times (default: 3 days and 1 day, scaled to the window). */
  reminders?: ReminderOptions;
  /**
   * The mail queue status e-mails, reminders and refusal notices go to (the api's mail worker sends them); none
   * are queued without it. The live `proposal:update` pushes go to the worker's bus.
   */
  mail?: { mailQueue: MailQueue; logger: MailLog };
}

/**
 * What the worker knows about the governance contracts: their custom errors (readable revert reasons), their
 * events (indexed under the streams `council`, `governance`, `treasury` from `fromBlock`, the deployment block),
 * and how to read a finalize dry run. With `proposals`, also the proposal module's projection of those events,
 * its window closer (finalize + reminders) and its chain-status listener (api/src/modules/proposal), and the
 * milestone module's projection of the Treasury events (api/src/modules/milestone).
 */
export function governancePlugins(
  addresses: GovernanceAddresses,
  fromBlock: number,
  proposals?: ProposalPluginOptions,
): WorkerPlugins {
  return {
    ...(proposals ? domainPlugins(addresses, proposals) : {}),
    errorAbis: [governanceInterface, treasuryInterface, councilInterface],
    classifyFinalizeRevert: classifyGovernanceFinalize,
    indexedContracts: [
      { stream: 'council', address: addresses.council, abi: councilInterface, fromBlock },
      { stream: 'governance', address: addresses.governance, abi: governanceInterface, fromBlock },
      { stream: 'treasury', address: addresses.treasury, abi: treasuryInterface, fromBlock },
    ],
  };
}

/** The domain modules' projections, run in order in the same event transaction; their closers one after another. */
function domainPlugins(addresses: GovernanceAddresses, proposals: ProposalPluginOptions): WorkerPlugins {
  const proposal = proposalWorkerPlugins({ governance: addresses.governance, ...proposals });
  const milestone = milestoneWorkerPlugins();
  return {
    async onEvents(events, tx) {
      // Governance first: a proposal that became ACTIVE in this batch has its status before its milestones.
      const governance = await proposal.onEvents(events, tx);
      const treasury = await milestone.onEvents(events, tx);
      return mergeEffects(governance, treasury);
    },
    windowClosers: proposal.windowClosers,
    onActionChanged: proposal.onActionChanged,
    // Each module's permanent-refusal hooks by action kind (core/src/chain/chain-refusal.ts): add yours here.
    refusals: {
      handlers: { ...proposal.refusalHandlers, ...milestoneRefusalHandlers, ...conclusionRefusalHandlers },
    },
    mail: proposals.mail,
  };
}
