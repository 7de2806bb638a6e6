/** The milestone module's public face: what other modules use of it (they import nothing else of it). */
export { listMilestones } from './milestone.repo';
// The chain worker's part (chain-worker/src/governance-plugins.ts): the Treasury events' projection and the
// payment actions' refusal handlers.
export { milestoneRefusalHandlers } from './milestone-refusal';
export { milestoneWorkerPlugins } from './milestone-worker-plugin';
