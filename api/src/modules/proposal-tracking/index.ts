/** The proposal-tracking module's public face: what other modules use of it (they import nothing else of it). */
export { isSecretaryGeneral } from './tracking-access';
export { approvedSummaryText, summaryApproved } from './tracking.repo';
