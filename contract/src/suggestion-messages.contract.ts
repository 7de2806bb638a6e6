import { wordsMaxMessage } from './word-count';

/**
 * Every user-facing message of the suggestion rules (spec §5 and §8, the original form's texts where the spec
 * gives none). The server answers with these exact strings in `error.fields[].message`; the web form shows
 * them (translating by the English text as key).
 */
export const SUGGESTION_MESSAGES = {
  required: 'This field is required.',
  tooLong: 'This field is too long.',
  abstractWords: wordsMaxMessage(200),
  invalidAmount: 'Please input valid amount.',
  invalidDate: 'Please input a valid date.',
  /** A payment address that is no address. */
  invalidAddress:
    'Invalid address. It must be your Elastos Smart Chain (0x…) wallet address, not an exchange deposit address.',
  /**
   * A main-chain ELA address as payment address (refused when saved; a suggestion stored before that rule is
   * refused when signed): the on-chain treasury pays on the smart chain.
   */
  escAddressRequired:
    'The payment address must be an Elastos Smart Chain (0x…) wallet address, not an ELA main-chain or exchange deposit address.',
  /** A 0x address in mixed case whose EIP-55 checksum does not hold (all lowercase needs none). */
  addressChecksum:
    'The checksum of this address is wrong: a character or its upper/lower case was mistyped. Copy the address again from your wallet.',
  invalidDid: 'Invalid DID',
  invalidUrl: 'Please input a valid link (http or https).',
  duplicateLink: 'This link is already in the list.',
  milestonesEmpty: 'Please add milestone first',
  milestoneDateOrder: 'The date must be later than the previous milestone.',
  milestoneTooFar: 'Milestones must be at most 3 months apart.',
  teamEmpty: 'Implementation team is empty',
  paymentsEmpty: 'Payment schedule is empty',
  paymentOverCap: 'The amount is more than 30% of the total budget',
  paymentSumMismatch: 'The total budget is not equal to the sum of the payments.',
  paymentMilestoneMissing: 'Each payment must match one milestone.',
  milestoneUsed: 'This milestone has been used.',
  advanceNotFirst: 'Project initiation payment only apply to the first milestone.',
  completionNotLast: 'Project completion payment only apply to the last milestone.',
  conditionedOnLast: 'Project milestone payment can not apply to this milestone.',
  paymentStructure:
    'Project Completion Payment is required, at most one Project Initiation Payment, and each payment must match one milestone.',
  changeProposalInfo: 'Please fill in the info of the change proposal',
  newOwnerEmpty: 'The new owner DID is empty.',
  newSecretaryEmpty: 'The new secretary general DID is empty.',
  proposalNumberEmpty: 'The proposal number is empty.',
  receiverDidEmpty: 'The receiver DID is empty.',
  feeRateEmpty: 'The fee rate is empty',
  effectiveHeightEmpty: 'The effective height is empty',
  customizedDidFirst: 'Please select customized DID first',
  duplicateDidNames: (names: string[]) => `Duplicate customized DID: ${names.join(', ')}`,
  // Checked by the server against the database (the form cannot know).
  newOwnerMissing: 'The new owner does not exist.',
  newSecretaryMissing: 'The new secretary general does not exist.',
  proposalNumberInvalid: 'The proposal number is invalid.',
  // Actions.
  didRequired: 'Please associate your DID first',
  cancelFailed: 'Failed to cancel the suggestion',
  suspended: 'Suggestions are suspended until a new council is elected.',
  commentRequired: 'Please input comment',
  commentTooLong: 'Comment is too long',
  mentionUnknown: 'User not found',
  mentionsTooMany: 'You can mention at most 10 members in one comment.',
} as const;
