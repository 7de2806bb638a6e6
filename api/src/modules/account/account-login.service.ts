import type { LoginRequest, Session } from '@cr/contract/account.contract';
import type { Db } from '@cr/core/db/db-client';
import type { UserRow } from '@cr/core/db/schema';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { issueToken, revokeSession } from '../session';
import { toCurrentUser } from '../user';
import { accountError } from './account-errors';
import { LIMITS } from './account-limits';
import * as repo from './account.repo';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password-hash';
import { clearRate, enforceRate, hitRate, refuseWhenFull, type RateStore } from '../../http/rate-limit';

/** Finds the account for a login name: an e-mail when it contains "@" (usernames cannot), else a username. */
function findByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return login.includes('@') ? repo.findUserByEmail(db, login) : repo.findUserByUsername(db, login);
}

/**
 * Password sign-in. Every failure answers the same 401 `account.login_failed` whether or not the account exists
 * (an unknown account spends the same scrypt time). Limited per address (every attempt) and per account
 * (failures, by username and e-mail together; a success clears them). A hash made with weaker parameters is upgraded on success.
 */
export async function loginWithPassword(
  tx: Db,
  deps: RateStore,
  input: LoginRequest,
  clientIp: string,
): Promise<CommandOutcome<Session>> {
  const { user, upgraded } = await checkPasswordLogin(tx, deps, input, clientIp);
  const now = new Date();
  if (upgraded) await repo.setPasswordHash(tx, user.id, upgraded, now);
  const session = await issueToken(tx, user.id, 'password', now);
  return { result: { token: session.token, user: toCurrentUser(user) } };
}

/**
 * The password check of a sign-in, with its limits (see loginWithPassword): the account, and a stronger hash of the
 * password when the stored one should be upgraded. Throws the one 401 for any failure.
 */
export async function checkPasswordLogin(
  db: Db,
  deps: RateStore,
  input: LoginRequest,
  clientIp: string,
): Promise<{ user: UserRow; upgraded: string | null }> {
  await enforceRate(deps, LIMITS.loginPerAddress, clientIp);
  const user = await findByLogin(db, input.username);
  // Failures count per account, whichever of its names (username or e-mail) is typed; per name when none.
  const failureKey = user ? `user:${user.id}` : `name:${input.username}`;
  await refuseWhenFull(deps, LIMITS.loginFailuresPerAccount, failureKey);
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(input.password, user.passwordHash);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) {
    await hitRate(deps, LIMITS.loginFailuresPerAccount, failureKey);
    throw accountError(401, 'account.login_failed');
  }
  if (!user.active) throw accountError(403, 'auth.account_disabled');
  await clearRate(deps, LIMITS.loginFailuresPerAccount, failureKey);
  const upgraded = needsRehash(user.passwordHash!) ? await hashPassword(input.password) : null;
  return { user, upgraded };
}

/** Signs out the session that makes the call (its api-token stops working at once). */
export async function logout(tx: Db, user: AuthUser): Promise<CommandOutcome<{ ok: true }>> {
  await revokeSession(tx, user.tokenId);
  return { result: { ok: true } };
}
