import { z } from 'zod';
import { ELA_ADDRESS_SHAPE, ESC_ADDRESS_SHAPE } from './address';
import {
  countrySchema,
  firstNameSchema,
  lastNameSchema,
  requiredText,
  usernameSchema,
} from './account.contract';
import { genderSchema, roleSchema } from './user.contract';
import { profileMessages } from './profile-messages.contract';
export { profileMessages, profileMessageType, type ProfileMessageType } from './profile-messages.contract';

/**
 * Profiles: the member's own full view, the edit forms (basic and full) and the public member page.
 * One schema per request, used by the web forms and the api routes alike; messages are English and each one has
 * a stable key in `profileMessages` (clients translate by key, see `profileMessageType`).
 */
const M = profileMessages;

/**
 * The 16 professions of the original site (CyberRepublic front-end `USER_PROFESSION`, "engineering to other" in
 * spec §3). Labels are translated by the web.
 */
export const PROFESSIONS = [
  'ENGINEERING',
  'COMPUTER_SCIENCE',
  'PRODUCT_MANAGEMENT',
  'ART_DESIGN',
  'SALES',
  'MARKETING',
  'BUSINESS_FINANCE',
  'ENTREPRENEUR',
  'STUDENT',
  'HEALTH_MEDICINE',
  'LITERATURE_WRITING',
  'TRANSLATION',
  'LAW',
  'ECONOMICS',
  'MANAGEMENT',
  'OTHER',
] as const;
export const professionSchema = z.enum(PROFESSIONS, { error: M['profile.profession_invalid'] });
export type Profession = z.infer<typeof professionSchema>;

/** Skillset groups and items of the original site (`USER_SKILLSET`; spec §3 names the seven groups). */
export const SKILLSET_GROUPS = {
  DESIGN: [
    'LOGO_DESIGN',
    'FLYERS',
    'PACKAGING',
    'ILLUSTRATION',
    'INFOGRAPHIC',
    'PRODUCT_DESIGN',
    'MERCHANDISE',
    'PHOTOSHOP',
  ],
  MARKETING: [
    'SOCIAL_MEDIA_MARKETING',
    'SEO',
    'CONTENT_MARKETING',
    'VIDEO_MARKETING',
    'EMAIL_MARKETING',
    'MARKETING_STRATEGY',
    'WEB_ANALYTICS',
    'ECOMMERCE',
    'MOBILE_ADVERTISING',
  ],
  WRITING: [
    'TRANSLATION',
    'PRODUCT_DESCRIPTIONS',
    'WEBSITE_CONTENT',
    'TECHNICAL_WRITING',
    'PROOFREADING',
    'CREATIVE_WRITING',
    'ARTICLES_WRITING',
    'SALES_COPY',
    'PRESS_RELEASES',
    'LEGAL_WRITING',
  ],
  VIDEO: [
    'INTROS',
    'LOGO_ANIMATION',
    'PROMO_VIDEOS',
    'VIDEO_ADS',
    'VIDEO_EDITING',
    'VIDEO_MODELING',
    'PRODUCT_PHOTO',
  ],
  MUSIC: ['VOICE_OVER', 'MIXING', 'MUSIC_PRODUCTION'],
  DEVELOPER: ['CPP', 'JAVASCRIPT', 'GO', 'PYTHON', 'JAVA', 'SWIFT', 'SOFTWARE_TESTING'],
  BUSINESS: [
    'VIRTUAL_ASSISTANT',
    'DATA_ENTRY',
    'MARKET_RESEARCH',
    'BUSINESS_PLANS',
    'LEGAL_CONSULTING',
    'FINANCIAL_CONSULTING',
    'PRESENTATION',
  ],
} as const satisfies Record<string, readonly string[]>;
export type Skillset = (typeof SKILLSET_GROUPS)[keyof typeof SKILLSET_GROUPS][number];
export const SKILLSETS = Object.values(SKILLSET_GROUPS).flat() as Skillset[];
export const skillsetSchema = z.enum(SKILLSETS as [Skillset, ...Skillset[]], {
  error: M['profile.skillset_invalid'],
});

/** Interface and e-mail language (spec §3: en, zh). */
export const LANGUAGES = ['en', 'zh'] as const;
export const languageSchema = z.enum(LANGUAGES, { error: M['profile.language_invalid'] });
export type Language = z.infer<typeof languageSchema>;

/** An IANA time zone the runtime knows (e.g. Asia/Shanghai, UTC). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * An optional text field of an edit form: absent leaves the stored value as it is; '' or null clears it.
 * So a form may send every field it shows, blanks included.
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable()).optional();

const link = z
  .string()
  .trim()
  .max(300, M['profile.too_long'])
  .regex(/^https?:\/\/[^\s<>"']+$/i, M['profile.link_invalid']);

/** Telegram handle: at least 4 characters (spec §5), a leading @ is dropped. */
const telegram = z
  .string()
  .trim()
  .transform((s) => s.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(4, M['profile.telegram_too_short'])
      .max(32, M['profile.too_long'])
      .regex(/^[A-Za-z0-9_]+$/, M['profile.telegram_invalid']),
  );

/**
 * ELA address (34 base58 characters) or EVM address (0x + 40 hex). The service also checks the checksums
 * (address.ts: isWalletAddress).
 */
export const walletAddressSchema = z
  .string()
  .trim()
  .refine((a) => ELA_ADDRESS_SHAPE.test(a) || ESC_ADDRESS_SHAPE.test(a), M['profile.wallet_address_invalid']);

/** An image uploaded through POST /api/upload/file: its `/uploads/<key>` URL (checked to be one of yours). */
export const uploadedImageSchema = z
  .string()
  .trim()
  .regex(/^\/uploads\/[a-z0-9][a-z0-9._-]{0,200}$/, M['profile.image_invalid']);

export const socialLinksSchema = z.object({
  portfolio: clearable(link),
  github: clearable(link),
  linkedin: clearable(link),
  twitter: clearable(link),
  facebook: clearable(link),
  reddit: clearable(link),
  telegram: clearable(telegram),
  wechat: clearable(z.string().trim().max(50, M['profile.too_long'])),
});

/** PUT /api/user/profile/basic — name, country, pictures, motto, language. Nothing else can be written. */
export const basicProfileSchema = z.strictObject({
  username: usernameSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  country: countrySchema,
  avatar: clearable(uploadedImageSchema),
  banner: clearable(uploadedImageSchema),
  motto: clearable(z.string().trim().max(200, M['profile.too_long'])),
  defaultLanguage: languageSchema.optional(),
});
export type BasicProfileInput = z.infer<typeof basicProfileSchema>;

/** PUT /api/user/profile/full — the whole profile form: gender, timezone and bio are required here (spec §5). */
export const fullProfileSchema = z.strictObject({
  ...basicProfileSchema.shape,
  gender: z.enum(genderSchema.options, { error: M['profile.gender_required'] }),
  timezone: z
    .string({ error: M['profile.timezone_required'] })
    .trim()
    .refine(isTimeZone, M['profile.timezone_required']),
  bio: requiredText(M['profile.bio_required'], 2000, M['profile.too_long']),
  profession: clearable(professionSchema),
  skillsets: z
    .array(skillsetSchema)
    .max(60, M['profile.too_long'])
    .transform((list) => [...new Set(list)])
    .optional(),
  walletAddress: clearable(walletAddressSchema),
  social: socialLinksSchema.strict().optional(),
});
export type FullProfileInput = z.infer<typeof fullProfileSchema>;

/** The social links a profile may carry, in the order forms and pages show them. */
export const SOCIAL_KEYS = socialLinksSchema.keyof().options;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

const socialView = z.object(
  Object.fromEntries(SOCIAL_KEYS.map((k) => [k, z.string().nullable()])) as Record<
    SocialKey,
    z.ZodNullable<z.ZodString>
  >,
);
export type SocialLinks = z.infer<typeof socialView>;

/**
 * The profile statement the member signed with their DID (wallet action `sign-profile-statement`): the words,
 * the P-256 signature (hex, r‖s) over SHA-256 of them, the signing DID and its public key, and when. Public,
 * so anyone can check it; the latest signature replaces the one before.
 */
export const didAttestationSchema = z.object({
  statement: z.string(),
  signature: z.string(),
  publicKey: z.string().nullable(),
  did: z.string(),
  signedAt: z.string(),
});
export type DidAttestation = z.infer<typeof didAttestationSchema>;

/** GET /api/member/:userId — what anyone may see. Never the e-mail, wallet address, gender, language or flags. */
export const publicMemberSchema = z.strictObject({
  _id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  bio: z.string().nullable(),
  motto: z.string().nullable(),
  profession: professionSchema.nullable(),
  skillsets: z.array(z.string()),
  social: socialView,
  did: z.string().nullable(),
  didAttestation: didAttestationSchema.nullable(),
  role: roleSchema,
  createdAt: z.string(),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** GET /api/user/profile — the member's own full profile (spec §3 "User (full)"). */
export const ownProfileSchema = z.strictObject({
  ...publicMemberSchema.shape,
  email: z.string().nullable(),
  gender: genderSchema.nullable(),
  walletAddress: z.string().nullable(),
  /** The member's language for mail and the calendar; null until chosen (mail then goes in English, or both). */
  defaultLanguage: languageSchema.nullable(),
  hasPassword: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const memberParamsSchema = z.object({ userId: z.uuid() });
