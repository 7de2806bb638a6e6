/** The proposal module's public face: what other modules use of it (they import nothing else of it). */
export type { ProjectionNotice } from './proposal-projection';
export { chainConfig } from './proposal-registration.service';
export { proposalWindow, type ReminderOptions } from './proposal-rules';
export { proposalWorkerPlugins, type ProposalWorkerPlugins } from './proposal-worker-plugin';
export { findProposal } from './proposal.repo';
