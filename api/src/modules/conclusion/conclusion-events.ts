import { PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import type { RoomEvent } from '@cr/core/realtime/event-bus';

/** `proposal:update` (reason `conclusion`) to the proposal's room: a signature was added or a conclusion cancelled. */
export function conclusionEvents(p: ProposalRow): RoomEvent[] {
  return [
    {
      room: proposalRoom(p.id),
      event: PROPOSAL_UPDATE_EVENT,
      payload: { id: p.id, status: p.status, reason: 'conclusion' },
    },
  ];
}
