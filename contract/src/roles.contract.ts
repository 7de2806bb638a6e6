/**
 * Roles and their ranks without zod (the schema is `roleSchema` in user.contract.ts): the web's session store
 * checks rights on every page, before any schema is needed.
 */

/** Roles in rising order (spec §6); SUPER_ADMIN is treated as ADMIN, CUSTOM ranks lowest. */
export const ROLES_IN_ORDER = ['MEMBER', 'LEADER', 'ADMIN', 'SECRETARY', 'COUNCIL'] as const;
/** Every role: the ranked ones, then SUPER_ADMIN and CUSTOM. */
export const ROLES = [...ROLES_IN_ORDER, 'SUPER_ADMIN', 'CUSTOM'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The rank of a role in MEMBER < LEADER < ADMIN < SECRETARY < COUNCIL (spec §6).
 * SUPER_ADMIN ranks as ADMIN; CUSTOM ranks as MEMBER (its rights come from explicit permissions).
 */
export function roleRank(role: Role): number {
  if (role === 'SUPER_ADMIN') return ROLES_IN_ORDER.indexOf('ADMIN');
  if (role === 'CUSTOM') return 0;
  return ROLES_IN_ORDER.indexOf(role);
}

/** Admin rights come from ADMIN or SUPER_ADMIN only, never from a higher rank (COUNCIL, SECRETARY). */
export function isAdminRole(role: Role): boolean {
  return role === 'ADMIN' || role === 'SUPER_ADMIN';
}

/**
 * A permission check passes when the user's role index is at or above the required one (spec §6), except
 * for admin rights: requiring ADMIN asks for ADMIN or SUPER_ADMIN, requiring SUPER_ADMIN asks for
 * SUPER_ADMIN. COUNCIL and SECRETARY outrank ADMIN but never pass an admin check by rank (issue 14).
 */
export function hasRole(role: Role, required: Role): boolean {
  if (required === 'SUPER_ADMIN') return role === 'SUPER_ADMIN';
  if (required === 'ADMIN') return isAdminRole(role);
  return roleRank(role) >= roleRank(required);
}

/** The derived flags of spec §6. */
export function roleFlags(role: Role) {
  return {
    is_admin: isAdminRole(role),
    is_leader: role === 'LEADER',
    is_council: role === 'COUNCIL',
    is_secretary: role === 'SECRETARY',
  };
}
