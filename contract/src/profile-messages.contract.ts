/**
 * The refusals of the profile rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const profileMessages = {
  'profile.gender_required': 'Please select your gender',
  'profile.timezone_required': 'Please select your timezone',
  'profile.bio_required': 'Please write a short bio',
  'profile.too_long': 'This field is too long.',
  'profile.telegram_too_short': 'The telegram handle must be at least 4 characters',
  'profile.telegram_invalid': 'A telegram handle has only letters, digits and "_"',
  'profile.wallet_address_invalid':
    'The wallet address must be an ELA address (34 characters) or an EVM address (42 characters starting with 0x)',
  'profile.wallet_address_checksum':
    'The checksum of this 0x address is wrong: a character or its upper/lower case was mistyped. Copy the address again from your wallet.',
  'profile.link_invalid': 'Please enter a link starting with https:// or http://',
  'profile.image_invalid': 'Please upload the image with the upload button (an image of at most 200 KB)',
  'profile.profession_invalid': 'Please choose a profession from the list',
  'profile.skillset_invalid': 'Please choose skills from the list',
  'profile.language_invalid': 'The language must be English (en) or Chinese (zh)',
} as const;
export type ProfileMessageType = keyof typeof profileMessages;

/** The stable key of a profile message (for translating `fields[].message` of a validation error). */
export function profileMessageType(message: string): ProfileMessageType | null {
  const hit = Object.entries(profileMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as ProfileMessageType) : null;
}
