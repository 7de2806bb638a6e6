import type { FieldError } from '@cr/contract/envelope.contract';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { Db } from '@cr/core/db/db-client';
import { badRequest } from '@cr/core/errors/app-error';
import { findUserByDid } from '../account';
import { proposalNumberExists as proposalExists } from '../proposal-record';

/** Whether an account has bound this DID. */
const didBound = async (db: Db, did: string): Promise<boolean> => !!(await findUserByDid(db, did));

/**
 * The rules only the database can answer (spec §5 "must exist"): the target proposal, the new owner and the
 * new secretary general. Refused like any field rule: 400 validation.failed with the field and message.
 */
export async function checkReferences(db: Db, c: SuggestionContent): Promise<void> {
  const fields: FieldError[] = [];
  if (c.type === 'CHANGE_PROPOSAL') {
    if (c.targetProposalNumber && !(await proposalExists(db, c.targetProposalNumber)))
      fields.push({ path: 'targetProposalNumber', message: M.proposalNumberInvalid });
    if (c.newOwnerDid && !(await didBound(db, c.newOwnerDid)))
      fields.push({ path: 'newOwnerDid', message: M.newOwnerMissing });
  }
  if (
    c.type === 'TERMINATE_PROPOSAL' &&
    c.closeProposalNumber &&
    !(await proposalExists(db, c.closeProposalNumber))
  )
    fields.push({ path: 'closeProposalNumber', message: M.proposalNumberInvalid });
  if (c.type === 'CHANGE_SECRETARY' && c.newSecretaryDid && !(await didBound(db, c.newSecretaryDid)))
    fields.push({ path: 'newSecretaryDid', message: M.newSecretaryMissing });
  if (fields.length) throw badRequest('validation.failed', fields[0]!.message, fields);
}
