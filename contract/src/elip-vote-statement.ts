import { sha256Hex } from './sha256';

/**
 * The words a council member signs to vote on an ELIP (wallet action `vote-elip`): the ELIP, its last change, the
 * vote and the reason, bound by the SHA-256 digest of a canonical JSON. Shared by the api (which asks for and
 * checks the signature) and the archive's verifier (which rebuilds the words from the archived fields).
 */
export function elipVoteStatement(x: {
  did: string;
  number: number;
  title: string;
  elipId: string;
  updatedAt: string;
  value: string;
  reason: string;
  term: number;
}) {
  const canonical = JSON.stringify({
    kind: 'cr-elip-vote',
    elipId: x.elipId,
    updatedAt: x.updatedAt,
    did: x.did,
    term: x.term,
    value: x.value,
    reason: x.reason,
  });
  const digest = sha256Hex(canonical);
  const text = `Cyber Republic council, term ${x.term}: ${x.did} votes ${x.value} on ELIP #${x.number} "${x.title}".\nReason: ${x.reason}`;
  return { statement: `${text}\nDigest: ${digest}`, digest };
}
