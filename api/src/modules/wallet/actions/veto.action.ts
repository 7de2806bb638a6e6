import { policy } from '../../../http/route';
import { applyVeto, prepareVeto } from '../../proposal/proposal-veto.service';
import type { WalletAction } from '../wallet-action';

/**
 * Community veto (intent esctransaction): the member's own EVM wallet sends Governance.veto(draftHash) with the
 * ELA to lock; the reply's tx hash is tracked on chain by the worker. Started by POST /api/proposals/:id/veto,
 * whose veto intent id is this request's subject.
 */
export const vetoAction: WalletAction = {
  name: 'veto',
  policy: policy.auth,
  prepare: ({ deps, user, subjectId }) => prepareVeto(deps, user, subjectId),
  apply: ({ db, deps, request, reply }) => applyVeto(deps, db, request, reply),
};
