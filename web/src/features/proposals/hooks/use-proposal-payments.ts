import { proposalApi } from '../api/proposal-api';
import { useLiveProposalPart } from './use-live-proposal-part';

/** A proposal's payments, kept current (requests, reviews and withdrawals relayed; Treasury events). */
export function useProposalPayments(proposalId: string) {
  const { data, error, reload } = useLiveProposalPart(proposalId, proposalApi.payments);
  return { payments: data, error, reload };
}
