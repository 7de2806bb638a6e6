import { z } from 'zod';
import { currentUserSchema } from './user.contract';
import { accountMessages } from './account-messages.contract';
export { accountMessages, accountMessageType, type AccountMessageType } from './account-messages.contract';

/**
 * Accounts: registration (e-mail code or DID), password sign-in, logout, forgot/reset/change password.
 * One zod schema per request, shared by the web forms and the api routes.
 *
 * Every refusal has a stable key (`type`): server refusals carry it as `error.type`; schema refusals arrive as
 * `validation.failed` with `fields[].message` set to one of these English strings, which `accountMessageType`
 * maps back to the key. The spec's exact strings (§5, §8) are used where it gives them.
 */
const M = accountMessages;

/** Passwords: at least 8 characters (the original site's rule), at most 128; no other composition rule. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Usernames: "more than 6 characters" (spec §5, §9), so at least 7; at most 32. */
export const USERNAME_MIN_LENGTH = 7;
export const USERNAME_MAX_LENGTH = 32;
/** The e-mailed registration code: 6 digits, valid 15 minutes, dead after 5 wrong tries. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MINUTES = 15;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Another code for the same address: after this long (HTTP 429 `account.code_cooldown` until then). */
export const EMAIL_CODE_RESEND_SEC = 60;
/** The English words of `account.code_cooldown` with the seconds left (`error.retryAfterSec`). */
export const codeCooldownMessage = (seconds: number) =>
  `Please wait ${seconds} seconds before asking for a new code.`;
/** A password reset link works once, for 1 hour. */
export const RESET_LINK_TTL_MINUTES = 60;

/** Trimmed required text: blank gets `required`, overlong gets `tooLong`. */
export const requiredText = (required: string, max: number, tooLong: string = M['account.too_long']) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: M['account.email_invalid'] })
  .trim()
  .toLowerCase()
  .max(254, M['account.email_invalid'])
  .pipe(z.email({ error: M['account.email_invalid'] }));

/** Unique case-insensitively; no "@" so a login name is never mistaken for an e-mail. */
export const usernameSchema = z
  .string({ error: M['account.username_too_short'] })
  .trim()
  .min(USERNAME_MIN_LENGTH, M['account.username_too_short'])
  .max(USERNAME_MAX_LENGTH, M['account.username_too_long'])
  .regex(/^[A-Za-z0-9_.-]+$/, M['account.username_invalid']);

/** A new password (never trimmed: spaces are characters). */
export const newPasswordSchema = z
  .string({ error: M['account.password_too_short'] })
  .min(PASSWORD_MIN_LENGTH, M['account.password_too_short'])
  .max(PASSWORD_MAX_LENGTH, M['account.password_too_long']);

export const firstNameSchema = requiredText(M['account.first_name_required'], 50);
export const lastNameSchema = requiredText(M['account.last_name_required'], 50);

/**
 * ISO 3166-1 alpha-2 country codes (plus XK, Kosovo). The web shows names in the reader's language with
 * `new Intl.DisplayNames([lang], { type: 'region' })`.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW ' +
  'BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI ' +
  'FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN ' +
  'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK ' +
  'YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

export const countrySchema = z
  .string({ error: M['account.country_required'] })
  .trim()
  .toUpperCase()
  .refine((c) => COUNTRY_SET.has(c), M['account.country_required']);

const codeSchema = z
  .string({ error: M['account.code_mismatch'] })
  .trim()
  .regex(/^\d{6}$/, M['account.code_mismatch']);

const passwordsMatch = <T extends { password: string; passwordConfirm: string }>(v: T) =>
  v.password === v.passwordConfirm;
const mismatch = { path: ['passwordConfirm'], error: M['account.password_mismatch'] };

/** POST /api/user/register/code — e-mails a 6-digit confirmation code. */
export const registerCodeRequestSchema = z.strictObject({ email: emailSchema });
export type RegisterCodeRequest = z.infer<typeof registerCodeRequestSchema>;

export const registerCodeSentSchema = z.object({
  email: z.string(),
  /** When the code stops working (ISO time). */
  expiresAt: z.string(),
  /** Seconds before another code may be asked for this address. */
  resendAfterSec: z.number().int(),
});
export type RegisterCodeSent = z.infer<typeof registerCodeSentSchema>;

/** POST /api/user/register — creates a MEMBER account and signs it in. */
export const registerRequestSchema = z
  .strictObject({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: M['account.password_mismatch'] }),
    username: usernameSchema,
    country: countrySchema,
    code: codeSchema,
  })
  .refine(passwordsMatch, mismatch);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * POST /api/user/register/did — the DID comes only from the signed `login` wallet request named here (whose
 * outcome was `register`), read with its secret; never from this body. An e-mail, when given, needs its code.
 */
export const registerDidRequestSchema = z
  .strictObject({
    requestId: z.uuid({ error: M['account.did_request_invalid'] }),
    secret: z.string({ error: M['account.did_request_invalid'] }).min(1).max(100),
    username: usernameSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    country: countrySchema,
    email: z.union([z.literal('').transform(() => undefined), emailSchema]).optional(),
    code: z.union([z.literal('').transform(() => undefined), codeSchema]).optional(),
  })
  .refine((v) => !v.email || !!v.code, { path: ['code'], error: M['account.code_mismatch'] });
export type RegisterDidRequest = z.infer<typeof registerDidRequestSchema>;

/** POST /api/user/login — `username` is the username or the e-mail. */
export const loginRequestSchema = z.strictObject({
  username: z
    .string({ error: M['account.login_username_required'] })
    .trim()
    .min(1, M['account.login_username_required'])
    .max(254, M['account.login_failed']),
  password: z
    .string({ error: M['account.login_password_required'] })
    .min(1, M['account.login_password_required'])
    .max(PASSWORD_MAX_LENGTH, M['account.login_failed']),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /api/user/login/did — sign in to an existing account with its password and, in the same step, bind the DID
 * that signed a `login` wallet request with outcome `register` (its id and the secret this browser holds).
 */
export const loginBindDidRequestSchema = loginRequestSchema.extend({
  requestId: z.uuid({ error: M['account.did_request_invalid'] }),
  secret: z.string({ error: M['account.did_request_invalid'] }).min(1).max(100),
});
export type LoginBindDidRequest = z.infer<typeof loginBindDidRequestSchema>;

/** Answer of every sign-in (password, registration): the api-token (shown once) and the current user. */
export const sessionSchema = z.object({ token: z.string(), user: currentUserSchema });
export type Session = z.infer<typeof sessionSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** POST /api/user/forgot-password — always answers `{ ok: true }`, whether or not the address has an account. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/user/reset-password — the token from the e-mailed link `/reset-password?token=...`. */
export const resetPasswordRequestSchema = z
  .strictObject({
    token: z
      .string({ error: M['account.reset_token_invalid'] })
      .min(20, M['account.reset_token_invalid'])
      .max(100),
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: M['account.password_mismatch'] }),
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/user/change-password (signed in) — other sessions are signed out. */
export const changePasswordRequestSchema = z
  .strictObject({
    oldPassword: z
      .string({ error: M['account.login_password_required'] })
      .min(1, M['account.login_password_required'])
      .max(PASSWORD_MAX_LENGTH, M['account.old_password_wrong']),
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: M['account.password_mismatch'] }),
  })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
