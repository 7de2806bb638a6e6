import { keccak256, toUtf8Bytes } from 'ethers';
import type { CouncilMemberRef } from '@cr/contract/proposal.contract';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import { personName } from '@cr/contract/person-name';

/** keccak256 of the DID's UTF-8 bytes: the member id the Council contract keys members by. */
export const memberIdOf = (did: string) => keccak256(toUtf8Bytes(did)).toLowerCase();

/** The name a council member is shown by: the site account's full name or username, else the DID. */
export function memberRef(
  did: string,
  memberId: string,
  user: (PublicAuthor & { motto?: string | null }) | null,
): CouncilMemberRef {
  return {
    did,
    memberId,
    userId: user?._id ?? null,
    name: user ? personName(user) : `${did.slice(0, 20)}…`,
    avatar: user?.avatar ?? null,
  };
}
