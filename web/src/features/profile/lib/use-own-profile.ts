import { useCallback, useEffect, useState } from 'react';
import type { OwnProfile } from '@cr/contract/profile.contract';
import { useAuthStore } from '../../../lib/auth-store';
import { accountApi } from '../../../lib/account-api';
import { profileApi } from '../api/profile-api';

/** The member's own profile (GET /api/user/profile) with loading and error states and a reload. */
export function useOwnProfile() {
  const [profile, setProfile] = useState<OwnProfile | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setProfile(await profileApi.getOwn());
    } catch (err) {
      setError(err);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { profile, setProfile, error, loading, reload };
}

/** Re-reads the signed-in member (header name, avatar, DID) after a change to the account. */
export async function refreshCurrentUser(): Promise<void> {
  useAuthStore.getState().setUser(await accountApi.currentUser());
}
