import { ROLES_IN_ORDER, type Role } from './user.contract';

/**
 * The rank of a role in MEMBER < LEADER < ADMIN < SECRETARY < COUNCIL (spec §6).
 * SUPER_ADMIN ranks as ADMIN; CUSTOM ranks as MEMBER (its rights come from explicit permissions).
 */
export function roleRank(role: Role): number {
  if (role === 'SUPER_ADMIN') return ROLES_IN_ORDER.indexOf('ADMIN');
  if (role === 'CUSTOM') return 0;
  return ROLES_IN_ORDER.indexOf(role);
}

/** A permission check passes when the user's role index is at or above the required one. */
export function hasRole(role: Role, required: Role): boolean {
  return roleRank(role) >= roleRank(required);
}

/** The derived flags of spec §6. */
export function roleFlags(role: Role) {
  return {
    is_admin: role === 'ADMIN' || role === 'SUPER_ADMIN',
    is_leader: role === 'LEADER',
    is_council: role === 'COUNCIL',
    is_secretary: role === 'SECRETARY',
  };
}
