import { useEffect } from 'react';
import { create } from 'zustand';
import { INBOX_EVENT, type Inbox } from '@cr/contract/inbox.contract';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT } from '@cr/contract/proposal.contract';
import { userRoom } from '@cr/contract/social.contract';
import { listenRoom } from '../../../components/chain-status/live-socket';
import { readApiToken } from '../../../lib/session-token';
import { inboxApi } from '../api/inbox-api';

interface InboxState {
  inbox: Inbox | null;
  failed: boolean;
  set(inbox: Inbox): void;
  fail(): void;
  clear(): void;
}

/** The signed-in member's inbox, shared by the header badge and the inbox page. */
export const useInboxStore = create<InboxState>((set) => ({
  inbox: null,
  failed: false,
  set: (inbox) => set({ inbox, failed: false }),
  fail: () => set({ failed: true }),
  clear: () => set({ inbox: null, failed: false }),
}));

let pending: Promise<void> | null = null;
let again = false;

/** Reads the inbox again; calls while a read is running make one more read after it (never two at once). */
export function refreshInbox(): Promise<void> {
  // A late socket callback after the session ended (signed out in this tab or another) asks nothing.
  if (!readApiToken()) return Promise.resolve();
  if (pending) {
    again = true;
    return pending;
  }
  pending = inboxApi
    .get()
    .then((inbox) => useInboxStore.getState().set(inbox))
    .catch(() => useInboxStore.getState().fail())
    .finally(() => {
      pending = null;
      if (again) {
        again = false;
        void refreshInbox();
      }
    });
  return pending;
}

/** A burst of live events (a block moving several proposals) becomes one read. */
const DEBOUNCE_MS = 250;

/**
 * Keeps the member's inbox live, without polling: it is read again when their personal room `user:<id>` says it
 * changed (reviews, comments, mentions, marks read in another tab) and when any proposal moves (the public list
 * room: registrations, votes, window ends, payment states). Joining (or rejoining) a room reads it too.
 */
export function useInboxLive(userId: string | undefined): void {
  useEffect(() => {
    const token = readApiToken();
    if (!userId || !token) {
      useInboxStore.getState().clear();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshInbox(), DEBOUNCE_MS);
    };
    const joined = (ok: boolean) => {
      if (ok) soon();
    };
    void refreshInbox();
    const stopMine = listenRoom(userRoom(userId), INBOX_EVENT, soon, joined, token);
    const stopList = listenRoom(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, soon, joined);
    return () => {
      clearTimeout(timer);
      stopMine();
      stopList();
    };
  }, [userId]);
}
