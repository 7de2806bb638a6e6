import type { CurrentUser, Role } from '@cr/contract/user.contract';

/** A current-user record as GET /api/user/current_user answers it, for tests. */
export function makeCurrentUser(overrides: Partial<CurrentUser> & { role?: Role } = {}): CurrentUser {
  return {
    _id: 'u1',
    username: 'member_one',
    email: 'one@example.org',
    did: null,
    role: 'MEMBER',
    profile: { firstName: 'Ada', lastName: 'Chen', gender: null, avatar: null, country: 'SG' },
    circles: [],
    subscribers: [],
    createdAt: '2025-03-04T05:06:07.000Z',
    ...overrides,
  };
}
