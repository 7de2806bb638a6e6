import type { z } from 'zod';
import {
  didAttestationSchema,
  languageSchema,
  professionSchema,
  skillsetSchema,
  SOCIAL_KEYS,
  type OwnProfile,
  type PublicMember,
  type SocialLinks,
} from '@cr/contract/profile.contract';
import { genderSchema, roleSchema } from '@cr/contract/user.contract';
import type { UserRow } from '@cr/core/db/schema';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const parsed = <T>(schema: z.ZodType<T>, v: unknown): T | null => {
  const r = schema.safeParse(v);
  return r.success ? r.data : null;
};

/** The stored profile read defensively: a value that no longer fits its schema reads as empty. */
function readProfile(row: UserRow) {
  const p = row.profile;
  const skillsets = Array.isArray(p.skillsets)
    ? p.skillsets.filter((s) => skillsetSchema.safeParse(s).success).map(String)
    : [];
  const social = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, text(p[k])])) as SocialLinks;
  return {
    timezone: text(p.timezone),
    avatar: text(p.avatar),
    banner: text(p.banner),
    bio: text(p.bio),
    motto: text(p.motto),
    profession: parsed(professionSchema, p.profession),
    skillsets,
    social,
    gender: parsed(genderSchema, p.gender),
    walletAddress: text(p.walletAddress),
    defaultLanguage: parsed(languageSchema, p.defaultLanguage),
    didAttestation: parsed(didAttestationSchema, p.didAttestation),
  };
}

/**
 * The public member page: an explicit list of public fields (never spread from the row), so a new private
 * column can never leak by accident. No e-mail, gender, wallet address, language or account flags.
 */
export function toPublicMember(row: UserRow): PublicMember {
  const p = readProfile(row);
  return {
    _id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    timezone: p.timezone,
    avatar: p.avatar,
    banner: p.banner,
    bio: p.bio,
    motto: p.motto,
    profession: p.profession,
    skillsets: p.skillsets,
    social: p.social,
    did: row.did,
    // A statement names the DID it vouches for: once another DID is bound, the old one no longer speaks.
    didAttestation: p.didAttestation?.did === row.did ? p.didAttestation : null,
    role: parsed(roleSchema, row.role) ?? 'MEMBER',
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's own full profile. */
export function toOwnProfile(row: UserRow): OwnProfile {
  const p = readProfile(row);
  return {
    ...toPublicMember(row),
    email: row.email,
    gender: p.gender,
    walletAddress: p.walletAddress,
    defaultLanguage: p.defaultLanguage,
    hasPassword: !!row.passwordHash,
  };
}
