/**
 * The words a nominee and the secretary general sign to consent to a change suggestion (spec §6: "The secretariat
 * also co-signs owner changes"). Off-chain only: the contract does not check them, the api does (with the key of
 * the signer's DID document, like every `didsign` reply) before a council member may register the suggestion.
 * `nonce` is the suggestion's version, so a consent names the exact draft it was given for.
 */
const PREFIX = 'Cyber Republic nomination: ';
const tail = (a: { draftHash: string; keyHex: string; chainId: number; nonce: number }) =>
  ` under suggestion ${a.draftHash.toLowerCase()}, key ${a.keyHex}, chain ${a.chainId}, nonce ${a.nonce}`;

export interface NominationFacts {
  /** The nominee's DID (new owner or new secretary general). */
  newDid: string;
  /** CHANGE_OWNER: the draft hash of the proposal whose owner changes; null for a new secretary general. */
  target: string | null;
  /** The suggestion's draft hash (0x…). */
  draftHash: string;
  /** The nominee's compressed P-256 key (0x02/03…), as the terms carry it. */
  keyHex: string;
  chainId: number;
  nonce: number;
}

/** The nominee accepts: "<newDid> accepts to become owner of proposal <target> | secretary general …". */
export function nomineeStatement(a: NominationFacts): string {
  const what = a.target ? `owner of proposal ${a.target.toLowerCase()}` : 'secretary general';
  return `${PREFIX}${a.newDid} accepts to become ${what}${tail(a)}`;
}

/** The secretary general co-signs an owner change (its own words, so one signature cannot stand for the other). */
export function secretaryCosignStatement(a: NominationFacts & { secretaryDid: string }): string {
  return `${PREFIX}secretary general ${a.secretaryDid} co-signs the change of owner of proposal ${(a.target ?? '').toLowerCase()} to ${a.newDid}${tail(a)}`;
}
