/**
 * The refusals of the account rules, each under its stable key (`type`), without the schemas (and zod): the web's
 * error texts (`web/src/lib/api-messages.ts`) map a message back to its key on any page.
 */
export const accountMessages = {
  'account.email_invalid': 'Invalid email',
  'account.email_taken': 'This email is already taken',
  'account.username_too_short': 'Username must be more than 6 characters',
  'account.username_too_long': 'Username must be at most 32 characters',
  'account.username_invalid': 'Username may only contain letters, digits, ".", "_" and "-"',
  'account.username_taken': 'This username is already taken',
  'account.password_too_short': 'The password must be at least 8 characters.',
  'account.password_too_long': 'The password must be at most 128 characters.',
  'account.password_mismatch': 'Two passwords you entered do not match',
  'account.code_mismatch': 'The code you entered does not match',
  'account.code_expired': 'The code has expired. Please ask for a new one.',
  'account.code_attempts_exceeded': 'Too many wrong codes. Please ask for a new one.',
  'account.mail_not_queued': 'The e-mail could not be sent just now. Please try again in a minute.',
  'account.first_name_required': 'First name is required',
  'account.last_name_required': 'Last name is required',
  'account.country_required': 'Country is required',
  'account.too_long': 'This field is too long.',
  'account.login_username_required': 'Please input your email address or username',
  'account.login_password_required': 'Please input your password',
  'account.login_failed': 'The username or password is incorrect',
  'account.old_password_wrong': 'The current password is not correct',
  'account.no_password': 'This account has no password yet. Use "Forgot password" to set one.',
  'account.reset_token_invalid': 'This password reset link is not valid or was already used.',
  'account.reset_token_expired': 'This password reset link has expired. Please ask for a new one.',
  'account.did_request_invalid': 'Please scan the QR code with your DID wallet again.',
  'account.did_request_used': 'This DID sign-in was already used. Please scan the QR code again.',
  'account.did_request_expired': 'This DID sign-in has expired. Please scan the QR code again.',
  'did.already_bound': 'This DID is already bound to another account.',
  'auth.account_disabled': 'This account is disabled.',
  rate_limited: 'Too many attempts. Please wait and try again.',
  'account.code_cooldown': 'Please wait before asking for a new code.',
} as const;
export type AccountMessageType = keyof typeof accountMessages;

/** The stable key of an account message (for translating `fields[].message` of a validation error). */
export function accountMessageType(message: string): AccountMessageType | null {
  const hit = Object.entries(accountMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as AccountMessageType) : null;
}
