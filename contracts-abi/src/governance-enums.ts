/**
 * The contracts' enums (contracts/GovernanceTypes.sol) by name, with their on-chain numbers.
 * Keep in the same order as the Solidity declarations; statements.test.ts and the integration tests check it.
 */

export const ProposalKind = { NORMAL: 0, CHANGE_OWNER: 1, CHANGE_SECRETARY: 2, TERMINATE: 3 } as const;
export type ProposalKindName = keyof typeof ProposalKind;

export const ProposalStatus = {
  NONE: 0,
  PROPOSED: 1,
  NOTIFICATION: 2,
  REJECT: 3,
  VETOED: 4,
  DEFERRED: 5,
  ACTIVE: 6,
  FINAL: 7,
  INCOMPLETED: 8,
  TERMINATED: 9,
} as const;
export type ProposalStatusName = keyof typeof ProposalStatus;

export const StageKind = { ADVANCE: 0, CONDITIONED: 1, COMPLETION: 2 } as const;
export type StageKindName = keyof typeof StageKind;

export const StageStatus = {
  WAITING_FOR_REQUEST: 0,
  WAITING_FOR_APPROVAL: 1,
  WAITING_FOR_WITHDRAWAL: 2,
  WITHDRAWN: 3,
  REJECTED: 4,
  CANCELLED: 5,
} as const;
export type StageStatusName = keyof typeof StageStatus;

export const VoteChoice = { NONE: 0, YES: 1, OPPOSE: 2, ABSTAIN: 3 } as const;
export type VoteChoiceName = keyof typeof VoteChoice;

/** The name of an enum value read from the chain (e.g. `nameOf(ProposalStatus, 6)` → `'ACTIVE'`). */
export function nameOf<T extends Record<string, number>>(enumObject: T, value: number | bigint): keyof T {
  const found = Object.entries(enumObject).find(([, v]) => v === Number(value));
  if (!found) throw new RangeError(`no enum member with value ${String(value)}`);
  return found[0] as keyof T;
}
