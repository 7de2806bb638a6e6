import { describe, expect, it } from 'vitest';
import { hasRole, roleFlags } from './roles.contract';
import type { Role } from './user.contract';

describe('hasRole', () => {
  it('admin rights come from ADMIN or SUPER_ADMIN only, never from rank', () => {
    const admins = (
      ['MEMBER', 'LEADER', 'ADMIN', 'SECRETARY', 'COUNCIL', 'SUPER_ADMIN', 'CUSTOM'] as Role[]
    ).filter((r) => hasRole(r, 'ADMIN'));
    expect(admins).toEqual(['ADMIN', 'SUPER_ADMIN']);
    expect(roleFlags('COUNCIL').is_admin).toBe(false);
    expect(roleFlags('SUPER_ADMIN').is_admin).toBe(true);
  });
  it('other checks follow the rank order', () => {
    expect(hasRole('COUNCIL', 'SECRETARY')).toBe(true);
    expect(hasRole('SECRETARY', 'LEADER')).toBe(true);
    expect(hasRole('ADMIN', 'SECRETARY')).toBe(false);
    expect(hasRole('CUSTOM', 'LEADER')).toBe(false);
    expect(hasRole('SECRETARY', 'COUNCIL')).toBe(false);
  });
});
