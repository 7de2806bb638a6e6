/** The proposal-record module's public face: what other modules use of it (they import nothing else of it). */
export { insertDraftProposal, proposalNumberExists, proposalOfSuggestion } from './proposal-record.repo';
export type { DraftValues } from './proposal-record.repo';
export {
  buildProposalTerms,
  chainDraftHash,
  elaToWei,
  kindOfType,
  storeTerms,
  weiToEla,
} from './proposal-terms';
