import { policy } from '../../../http/route';
import { applyRegistration, prepareRegistration } from '../../proposal/proposal-registration.service';
import type { WalletAction } from '../wallet-action';

/**
 * A council member seated on chain in the current term makes a signed suggestion (or their DRAFT proposal that
 * presents one) into a proposal: they sign the contract's registration statement; the worker relays
 * Governance.register with the owner's stored signature and theirs (docs/proposal-states.md).
 */
export const makeProposalAction: WalletAction = {
  name: 'make-proposal',
  policy: policy.auth,
  prepare: ({ deps, user, subjectId }) => prepareRegistration(deps, user, subjectId),
  apply: ({ db, deps, request, reply }) => applyRegistration(deps, db, request, reply),
};
