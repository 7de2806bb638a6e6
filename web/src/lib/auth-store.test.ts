import { describe, expect, it } from 'vitest';
import type { CurrentUser, Role } from '@cr/contract/user.contract';
import { authFlags, useAuthStore } from './auth-store';

function makeUser(role: Role): CurrentUser {
  return {
    _id: 'u1',
    username: 'member_one',
    email: 'one@example.org',
    did: null,
    role,
    profile: { firstName: null, lastName: null, gender: null, avatar: null, country: null },
    circles: [],
    subscribers: [],
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('authFlags', () => {
  it('is all false when logged out', () => {
    const f = authFlags(null);
    expect([f.is_login, f.is_admin, f.is_leader, f.is_council, f.is_secretary, f.can('MEMBER')]).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('derives the flags from the role, SUPER_ADMIN counting as admin', () => {
    expect(authFlags(makeUser('ADMIN')).is_admin).toBe(true);
    expect(authFlags(makeUser('SUPER_ADMIN')).is_admin).toBe(true);
    expect(authFlags(makeUser('COUNCIL')).is_council).toBe(true);
    expect(authFlags(makeUser('SECRETARY')).is_secretary).toBe(true);
    expect(authFlags(makeUser('LEADER')).is_leader).toBe(true);
    expect(authFlags(makeUser('MEMBER'))).toMatchObject({
      is_login: true,
      is_admin: false,
      is_council: false,
    });
  });

  it('passes a permission check when the role index is at or above the required one, except admin rights', () => {
    // MEMBER < LEADER < ADMIN < SECRETARY < COUNCIL; admin rights only from ADMIN or SUPER_ADMIN (issue 14)
    expect(authFlags(makeUser('MEMBER')).can('ADMIN')).toBe(false);
    expect(authFlags(makeUser('LEADER')).can('ADMIN')).toBe(false);
    expect(authFlags(makeUser('ADMIN')).can('ADMIN')).toBe(true);
    expect(authFlags(makeUser('SUPER_ADMIN')).can('ADMIN')).toBe(true);
    expect(authFlags(makeUser('SECRETARY')).can('ADMIN')).toBe(false);
    expect(authFlags(makeUser('COUNCIL')).can('ADMIN')).toBe(false);
    expect(authFlags(makeUser('SECRETARY')).can('LEADER')).toBe(true);
    expect(authFlags(makeUser('COUNCIL')).can('SECRETARY')).toBe(true);
    expect(authFlags(makeUser('ADMIN')).can('COUNCIL')).toBe(false);
    expect(authFlags(makeUser('CUSTOM')).can('LEADER')).toBe(false);
  });

  it('signOut forgets the member and every stored token', () => {
    sessionStorage.setItem('api-token', 't');
    localStorage.setItem('api-token', 't');
    useAuthStore.getState().setUser(makeUser('MEMBER'));
    useAuthStore.getState().signOut();
    expect(useAuthStore.getState().user).toBeNull();
    expect(sessionStorage.getItem('api-token')).toBeNull();
    expect(localStorage.getItem('api-token')).toBeNull();
  });
});
