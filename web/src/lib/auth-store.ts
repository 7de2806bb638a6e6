import { create } from 'zustand';
import type { CurrentUser, Role } from '@cr/contract/user.contract';
import { hasRole, roleFlags } from '@cr/contract/roles.contract';
import { clearApiTokens } from './session-token';

interface AuthState {
  /** The signed-in member, or null when logged out. */
  user: CurrentUser | null;
  setUser(user: CurrentUser | null): void;
  /** Forgets the member and every stored token. */
  signOut(): void;
}

export const useAuthStore = create<AuthState>((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  signOut: () => {
    clearApiTokens();
    set({ user: null });
  },
}));

export interface AuthFlags {
  is_login: boolean;
  is_admin: boolean;
  is_leader: boolean;
  is_council: boolean;
  is_secretary: boolean;
  /**
   * The server's role rule: the member's role index is at or above `required` (SUPER_ADMIN as ADMIN), except that
   * ADMIN is required as such (COUNCIL and SECRETARY never pass an admin check by rank).
   */
  can(required: Role): boolean;
}

/** The derived flags of spec §6, from the shared contract so web and api never disagree. */
export function authFlags(user: CurrentUser | null): AuthFlags {
  if (!user) {
    return {
      is_login: false,
      is_admin: false,
      is_leader: false,
      is_council: false,
      is_secretary: false,
      can: () => false,
    };
  }
  return { is_login: true, ...roleFlags(user.role), can: (required) => hasRole(user.role, required) };
}

/** The signed-in member and the flags, for components. */
export function useAuth(): AuthFlags & { user: CurrentUser | null } {
  const user = useAuthStore((s) => s.user);
  return { user, ...authFlags(user) };
}
