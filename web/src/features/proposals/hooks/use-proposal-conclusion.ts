import { proposalApi } from '../api/proposal-api';
import { useLiveProposalPart } from './use-live-proposal-part';

/** A proposal's conclusion, kept current (signatures, cancellation, the relayed conclusion; FINAL waits for the approved summary). */
export function useProposalConclusion(proposalId: string) {
  const { data, error, reload } = useLiveProposalPart(proposalId, proposalApi.conclusion);
  return { conclusion: data, error, reload };
}
