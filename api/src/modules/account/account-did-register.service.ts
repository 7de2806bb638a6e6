import type { CommandOutcome } from '../../http/command';
import type { RateStore } from '../../http/rate-limit';
import type { LoginBindDidRequest, RegisterDidRequest, Session } from '@cr/contract/account.contract';
import type { Db } from '@cr/core/db/db-client';
import { syncCouncilRoles } from '../council';
import { findUserById, toCurrentUser } from '../user';
import { checkPasswordLogin } from './account-login.service';
import { issueToken } from '../session';
import { findWalletRequest, markConsumed, secretMatches } from '../wallet';
import { accountError, uniqueViolation, userConflict } from './account-errors';
import { enforceAddressLimit, LIMITS } from './account-limits';
import * as repo from './account.repo';
import { assertAvailable, withCountedCode, type OrRefusal } from './account-register.service';

/** How long after the wallet signed a `login` request its DID may still register or bind an account. */
export const DID_REGISTRATION_WINDOW_MS = 30 * 60 * 1000;

/**
 * The DID that signed a `login` wallet request whose outcome was `register`, read from our own record with the
 * request's secret (the body never names the DID), while it is fresh, unused and bound to no account.
 */
async function unclaimedDid(db: Db, input: { requestId: string; secret: string }, now: Date) {
  const request = await findWalletRequest(db, input.requestId);
  // One answer for "no such request", "wrong secret" and "not a registration": ids and secrets are not oracles.
  if (!request || !secretMatches(request, input.secret))
    throw accountError(400, 'account.did_request_invalid');
  const result = request.result ?? {};
  const did = request.signerDid;
  if (
    request.action !== 'login' ||
    request.status !== 'signed' ||
    result.outcome !== 'register' ||
    !did ||
    result.did !== did
  )
    throw accountError(400, 'account.did_request_invalid');
  if (!request.completedAt || now.getTime() - request.completedAt.getTime() > DID_REGISTRATION_WINDOW_MS)
    throw accountError(410, 'account.did_request_expired');
  if (await repo.didRegistrationExists(db, request.id)) throw accountError(409, 'account.did_request_used');
  if (await repo.findUserByDid(db, did)) throw accountError(409, 'did.already_bound');
  return { request, did };
}

/** A unique violation on the DID registrations is "this request was used"; others are the account's conflicts. */
function registrationConflict(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint !== null && constraint.includes('did_registrations'))
    return accountError(409, 'account.did_request_used');
  return userConflict(err);
}

/**
 * Signs in to an existing account with its password and binds the DID of a `login` request with outcome
 * `register` to it in the same step, so a member who scanned with an unknown DID needs no second scan. The DID
 * is proven by its signature on the request, the account by its password; one request binds at most once.
 */
export async function loginAndBindDid(
  tx: Db,
  deps: RateStore,
  input: LoginBindDidRequest,
  clientIp: string,
  now = new Date(),
): Promise<CommandOutcome<Session>> {
  const { request, did } = await unclaimedDid(tx, input, now);
  const { user, upgraded } = await checkPasswordLogin(tx, deps, input, clientIp);
  try {
    const at = new Date();
    if (upgraded) await repo.setPasswordHash(tx, user.id, upgraded, at);
    if (!(await repo.bindDid(tx, user.id, did, at))) throw accountError(400, 'account.did_request_invalid');
    await repo.insertDidRegistration(tx, { walletRequestId: request.id, userId: user.id, did });
    await markConsumed(tx, request.id, at);
    // A seated member's DID makes the account COUNCIL.
    await syncCouncilRoles(tx, user.id);
    const session = await issueToken(tx, user.id, 'password', at);
    const bound = await findUserById(tx, user.id);
    return { result: { token: session.token, user: toCurrentUser(bound!) } };
  } catch (err) {
    throw registrationConflict(err);
  }
}

/**
 * Creates an account bound to a DID and signs it in. The DID is the signer of a verified `login` wallet request
 * whose outcome was `register`, read from our own record with the request's secret; the body never names it.
 * One request creates at most one account (account_did_registrations, primary key), one DID belongs to one
 * account (users_did_uq). An e-mail, when given, must be confirmed with its code (each try counted, even when
 * the registration is then refused).
 */
export async function registerWithDid(
  tx: Db,
  deps: RateStore & { config: { REGISTER_ADDRESS_LIMITS: number } },
  input: RegisterDidRequest,
  clientIp: string,
  now = new Date(),
): Promise<CommandOutcome<OrRefusal<Session>>> {
  await enforceAddressLimit(deps, LIMITS.registerPerAddress, clientIp);
  const { request, did } = await unclaimedDid(tx, input, now);
  await assertAvailable(tx, input.username, input.email);
  const code = input.email && input.code ? { email: input.email, code: input.code } : null;
  const outcome = await withCountedCode(tx, code, async (sp, codeId) => {
    try {
      const at = new Date();
      if (codeId && !(await repo.consumeEmailCode(sp, codeId, at)))
        throw accountError(400, 'account.code_mismatch', 'code');
      const user = await repo.insertUser(sp, {
        username: input.username,
        email: input.email ?? null,
        passwordHash: null,
        role: 'MEMBER',
        did,
        didBoundAt: at,
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        profile: {},
        createdAt: at,
        updatedAt: at,
      });
      await repo.insertDidRegistration(sp, { walletRequestId: request.id, userId: user.id, did });
      // The browser may already have collected the request's state (which marks it consumed); the row above is
      // what makes the registration single-use.
      await markConsumed(sp, request.id, at);
      const session = await issueToken(sp, user.id, 'did', at);
      return { token: session.token, user: toCurrentUser(user) };
    } catch (err) {
      throw registrationConflict(err);
    }
  });
  return { result: outcome };
}
