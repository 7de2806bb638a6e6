/**
 * The refusals of the elip rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const elipMessages = {
  'elip.required': 'required',
  'elip.too_long': 'too long',
  'elip.words_max': 'The description is limited to 3000 words',
  'elip.language': 'The language must be en or zh',
  'elip.not_found': 'The ELIP was not found.',
  'elip.not_author': 'Only the author of this ELIP can do this.',
  'elip.not_reviewer': 'Only the secretariat can review ELIPs.',
  'elip.not_council': 'Only a seated council member can vote on ELIPs.',
  'elip.wrong_status': 'This ELIP is not in a status that allows this.',
  'elip.comment_required': 'Please write why the ELIP is rejected.',
  'elip.reason_required': 'Please give the reason of your vote.',
  'elip.not_passed': 'The council has not approved this ELIP yet: more YES than OPPOSE votes are needed.',
  'elip.did_required': 'Please associate your DID first',
  'elip.vote_stale': 'The ELIP changed after this QR code was made. Please open a new one.',
  'elip.not_council_proposer': 'Only a seated council member can make an ELIP a proposal.',
} as const;
export type ElipMessageType = keyof typeof elipMessages;

/** The stable key of an ELIP message (to translate `fields[].message` of a validation error). */
export function elipMessageType(message: string): ElipMessageType | null {
  const hit = Object.entries(elipMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as ElipMessageType) : null;
}
