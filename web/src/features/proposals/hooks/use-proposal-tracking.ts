import { useCallback, useEffect, useState } from 'react';
import {
  TRACKING_UPDATE_EVENT,
  trackingEventSchema,
  type ProposalNotes,
  type TrackingList,
} from '@cr/contract/proposal-tracking.contract';
import { proposalRoom } from '@cr/contract/proposal.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { latestOnly } from '../../../lib/latest-only';
import { trackingApi } from '../api/tracking-api';

/**
 * A proposal's tracking entries and secretariat notes, kept current: the room `proposal:<id>` announces each
 * committed change (`proposal:tracking`), which reloads what changed; a rejoin reloads both.
 */
export function useProposalTracking(proposalId: string) {
  const [list, setList] = useState<TrackingList | null>(null);
  const [notes, setNotes] = useState<ProposalNotes | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [listReads] = useState(latestOnly);
  const [notesReads] = useState(latestOnly);

  const reloadList = useCallback(
    () => listReads.run(() => trackingApi.list(proposalId), setList, setError),
    [proposalId, listReads],
  );
  const reloadNotes = useCallback(
    () => notesReads.run(() => trackingApi.notes(proposalId), setNotes, setError),
    [proposalId, notesReads],
  );

  useEffect(() => {
    setList(null);
    setNotes(null);
    void reloadList();
    void reloadNotes();
  }, [reloadList, reloadNotes]);

  useEffect(() => {
    let first = true;
    return listenRoom<unknown>(
      proposalRoom(proposalId),
      TRACKING_UPDATE_EVENT,
      (payload) => {
        const parsed = trackingEventSchema.safeParse(payload);
        if (!parsed.success || parsed.data.id !== proposalId) return;
        if (parsed.data.what === 'notes') void reloadNotes();
        else void reloadList();
      },
      (ok, caughtUp) => {
        if (ok && !first && !caughtUp) {
          void reloadList();
          void reloadNotes();
        }
        if (ok) first = false;
      },
    );
  }, [proposalId, reloadList, reloadNotes]);

  return { list, notes, error, reloadList, reloadNotes, setNotes };
}
