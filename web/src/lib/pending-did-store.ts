import { create } from 'zustand';

/** A DID that signed a `login` request but has no account yet (outcome `register`). Kept in memory only. */
export interface PendingDid {
  requestId: string;
  /** The request's secret: only this browser can register the DID (POST /api/user/register/did). */
  secret: string;
  did: string;
  /** What the wallet shared, offered as defaults. */
  name?: string;
  email?: string;
  /** After signing in with a password, bind this DID (a new signature is asked). */
  bindAfterLogin?: boolean;
}

interface PendingDidState {
  pending: PendingDid | null;
  setPending(p: PendingDid | null): void;
}

export const usePendingDidStore = create<PendingDidState>((set) => ({
  pending: null,
  setPending: (pending) => set({ pending }),
}));
