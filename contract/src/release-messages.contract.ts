/**
 * The refusals of the release rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const releaseMessages = {
  'release.required': 'required',
  'release.too_long': 'too long',
  'release.not_found': 'The release was not found.',
  'release.admin_only': 'Only an admin can change the release notes.',
} as const;
export type ReleaseMessageType = keyof typeof releaseMessages;

export function releaseMessageType(message: string): ReleaseMessageType | null {
  const hit = Object.entries(releaseMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as ReleaseMessageType) : null;
}
