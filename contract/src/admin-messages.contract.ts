/**
 * The refusals of the admin rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const adminMessages = {
  'admin.user_not_found': 'The user was not found.',
  'admin.role_by_chain':
    'Council and secretary roles follow the chain; they cannot be given or taken by hand.',
  'admin.not_yourself': 'You cannot change your own role or deactivate your own account.',
  'admin.super_admin_only': 'Only a super admin can make a super admin or change one.',
  'admin.reason_required': 'Please state the reason (at least 10 characters).',
  'admin.no_did': 'This user has no DID bound.',
  'admin.permission_not_found': 'The permission was not found.',
  'admin.lockout': 'The super admin keeps the permission page, so that nobody is locked out.',
  'admin.bad_date': 'Please enter a date as YYYY-MM-DD.',
  'admin.video_url': 'Please enter the https address of a video file (.mp4 or .webm).',
} as const;
export type AdminMessageType = keyof typeof adminMessages;

/** The stable key of an admin message (schema messages are the English text), else null. */
export function adminMessageType(message: string): AdminMessageType | null {
  const hit = Object.entries(adminMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as AdminMessageType) : null;
}
