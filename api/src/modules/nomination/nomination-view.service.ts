import type { NominationRoleName, NominationState } from '@cr/contract/nomination.contract';
import { personName } from '@cr/contract/person-name';
import type { AppDeps } from '../../app-deps';
import { AppError } from '@cr/core/errors/app-error';
import { findUserByDid } from '../account';
import type { AuthUser } from '../session';
import { assertVisible, findSuggestion } from '../suggestion';
import { proposalOfSuggestion } from '../proposal-record';
import { consentOf, needsNomination, nominationPlan } from './nomination.service';
import { nominationsOf } from './nomination.repo';

const NONE: NominationState = {
  required: false,
  kind: null,
  signers: [],
  complete: true,
  blocked: null,
  mySignRole: null,
};

/** Who must co-sign the suggestion's current draft, who has, and what the caller may sign now. */
export async function getNominationState(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<NominationState> {
  const db = deps.database.db;
  const s = assertVisible(await findSuggestion(db, ref), user);
  if (!needsNomination(s.type)) return NONE;
  let plan;
  try {
    plan = await nominationPlan(deps, db, s);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ...NONE, required: true, complete: false, blocked: { type: err.type, message: err.message } };
  }
  if (!plan) return NONE;
  const rows = await nominationsOf(db, s.id, plan.draftHash);
  const open = s.status === 'ACTIVE' && !(await proposalOfSuggestion(db, s.id));
  let mySignRole: NominationRoleName | null = null;
  const signers = await Promise.all(
    plan.required.map(async (req) => {
      const row = consentOf(req, rows);
      const account = req.did ? await findUserByDid(db, req.did) : undefined;
      if (!row && open && user?.did && req.did === user.did && req.statement && !mySignRole)
        mySignRole = req.role;
      return {
        role: req.role,
        did: req.did,
        user: account ? { _id: account.id, name: personName(account) } : null,
        signed: !!row,
        signedAt: row?.signedAt.toISOString() ?? null,
        statement: req.statement,
      };
    }),
  );
  return {
    required: true,
    kind: plan.kind,
    signers,
    complete: signers.every((x) => x.signed),
    blocked: null,
    mySignRole,
  };
}
