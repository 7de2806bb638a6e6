import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys';

/**
 * A DID that signed a `login` request but has no account yet (outcome `register`). Kept for this tab only
 * (sessionStorage, like the api-token), so a reload on the "unknown DID" screen or the registration form does not
 * ask for a second scan; the server accepts it for 30 minutes after the signature.
 */
export interface PendingDid {
  requestId: string;
  /** The request's secret: only this browser can register or bind the DID (POST /api/user/register/did, /login/did). */
  secret: string;
  did: string;
  /** What the wallet shared, offered as defaults. */
  name?: string;
  email?: string;
  /** The member chose to sign in to an existing account: that sign-in binds this DID in the same step. */
  bindAfterLogin?: boolean;
}

interface PendingDidState {
  pending: PendingDid | null;
  setPending(p: PendingDid | null): void;
}

export const usePendingDidStore = create<PendingDidState>()(
  persist(
    (set) => ({
      pending: null,
      setPending: (pending) => set({ pending }),
    }),
    {
      name: STORAGE_KEYS.pendingDid,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ pending: s.pending }),
    },
  ),
);
