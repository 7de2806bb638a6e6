import { useEffect } from 'react';
import { create } from 'zustand';
import { MESSAGE_EVENT, userRoom, type DirectMessage } from '@cr/contract/social.contract';
import { ACCOUNT_CHANGED_EVENT, ACCOUNT_DEACTIVATED_EVENT } from '@cr/contract/admin.contract';
import { listenRoom } from '../chain-status/live-socket';
import { accountApi } from '../../lib/account-api';
import { useAuthStore } from '../../lib/auth-store';
import { readApiToken } from '../../lib/session-token';
import { socialApi } from './social-api';

/** The signed-in member's unread message count (the header badge). */
export const useUnreadStore = create<{ unread: number; set(n: number): void }>((set) => ({
  unread: 0,
  set: (unread) => set({ unread }),
}));

/** Reads the unread count again; nothing when the session ended meanwhile (a late socket callback). */
export const refreshUnread = () =>
  readApiToken()
    ? socialApi
        .unread()
        .then((r) => useUnreadStore.getState().set(r.unread))
        .catch(() => undefined)
    : Promise.resolve();

/**
 * Listens to the member's personal room `user:<id>` (joined with the session token; the server refuses anyone
 * else): `onMessage` for each message to or from them, and the unread count kept current. The count is read
 * again whenever the room is (re)joined, so messages sent while offline are counted. Account events too: a
 * deactivated member is signed out at once, a changed one (role, DID) is read again.
 */
export function usePersonalRoom(userId: string | undefined, onMessage?: (m: DirectMessage) => void): void {
  useEffect(() => {
    if (!userId) return;
    const token = readApiToken();
    if (!token) return;
    const stopMessages = listenRoom<DirectMessage>(
      userRoom(userId),
      MESSAGE_EVENT,
      (m) => {
        if (m.recipientId !== userId && m.senderId !== userId) return;
        onMessage?.(m);
        if (m.recipientId === userId) void refreshUnread();
      },
      (ok) => {
        if (ok) void refreshUnread();
      },
      token,
    );
    const stopRead = listenRoom<{ unread: number }>(
      userRoom(userId),
      'messages-read',
      (r) => useUnreadStore.getState().set(r.unread),
      undefined,
      token,
    );
    // An admin deactivated the account (its sessions already ended): sign out on this page at once.
    const stopDeactivated = listenRoom(
      userRoom(userId),
      ACCOUNT_DEACTIVATED_EVENT,
      () => useAuthStore.getState().signOut(),
      undefined,
      token,
    );
    // An admin changed the role or the DID binding: read the member again.
    const stopChanged = listenRoom(
      userRoom(userId),
      ACCOUNT_CHANGED_EVENT,
      () =>
        void accountApi
          .currentUser()
          .then((u) => useAuthStore.getState().setUser(u))
          .catch(() => undefined),
      undefined,
      token,
    );
    return () => {
      stopMessages();
      stopRead();
      stopDeactivated();
      stopChanged();
    };
  }, [userId, onMessage]);
}
