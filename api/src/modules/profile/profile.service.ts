import { escAddressProblem, normalizeWalletAddress } from '@cr/contract/address';
import {
  profileMessages,
  SOCIAL_KEYS,
  type BasicProfileInput,
  type FullProfileInput,
  type OwnProfile,
  type ProfileMessageType,
  type PublicMember,
} from '@cr/contract/profile.contract';
import type { Db } from '@cr/core/db/db-client';
import { AppError, notFound } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import { accountError, userConflict, usernameTaken } from '../account';
import type { AuthUser } from '../session';
import { ownsUploads } from '../upload';
import { findUserById } from '../user';
import { toOwnProfile, toPublicMember } from './profile-view';
import * as repo from './profile.repo';

function profileError(type: ProfileMessageType, field: string): AppError {
  const message = profileMessages[type];
  return new AppError(400, type, message, [{ path: field, message }]);
}

/**
 * The wallet address as stored (a 0x address in its EIP-55 form, written in any single case); a mixed-case 0x
 * address whose checksum does not hold is refused as such.
 */
function storedWalletAddress(address: string): string {
  const stored = normalizeWalletAddress(address);
  if (stored) return stored;
  const checksum = address.startsWith('0x') && escAddressProblem(address) === 'checksum';
  throw profileError(
    checksum ? 'profile.wallet_address_checksum' : 'profile.wallet_address_invalid',
    'walletAddress',
  );
}

export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('user', 'user.not_found');
  return toOwnProfile(row);
}

/** The public member page; a disabled account reads as not found. */
export async function getPublicMember(db: Db, userId: string): Promise<PublicMember> {
  const row = await findUserById(db, userId);
  if (!row || !row.active) throw notFound('user', 'user.not_found');
  return toPublicMember(row);
}

/** Pictures must be images this member uploaded through POST /api/upload/file (≤ 200 KB, checked there). */
async function checkImage(
  db: Db,
  userId: string,
  field: 'avatar' | 'banner',
  url: string | null | undefined,
) {
  if (!url) return;
  if (!(await ownsUploads(db, [url], userId))) throw profileError('profile.image_invalid', field);
}

/** Keeps only the fields the form sent: absent stays as stored, null clears. */
function sent(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

async function save(
  db: Db,
  auth: AuthUser,
  input: BasicProfileInput,
  extra: Record<string, unknown>,
): Promise<CommandOutcome<OwnProfile>> {
  if (await usernameTaken(db, input.username, auth.id))
    throw accountError(409, 'account.username_taken', 'username');
  await checkImage(db, auth.id, 'avatar', input.avatar);
  await checkImage(db, auth.id, 'banner', input.banner);
  const patch = sent({
    avatar: input.avatar,
    banner: input.banner,
    motto: input.motto,
    defaultLanguage: input.defaultLanguage,
    ...extra,
  });
  const columns = {
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    country: input.country,
  };
  try {
    const row = await repo.updateProfile(db, auth.id, columns, patch, new Date());
    if (!row) throw notFound('user', 'user.not_found');
    return { result: toOwnProfile(row) };
  } catch (err) {
    throw userConflict(err);
  }
}

/**
 * Edits the basic profile (names, username, country, pictures, motto, language). Only the schema's fields can be
 * written: role, e-mail, DID, password and flags are not in it.
 */
export function updateBasicProfile(
  tx: Db,
  auth: AuthUser,
  input: BasicProfileInput,
): Promise<CommandOutcome<OwnProfile>> {
  return save(tx, auth, input, {});
}

/** Edits the whole profile form: the basic fields plus gender, timezone, bio, profession, skills, wallet, links. */
export async function updateFullProfile(
  tx: Db,
  auth: AuthUser,
  input: FullProfileInput,
): Promise<CommandOutcome<OwnProfile>> {
  const walletAddress = input.walletAddress ? storedWalletAddress(input.walletAddress) : input.walletAddress;
  const social = input.social ?? {};
  return save(tx, auth, input, {
    gender: input.gender,
    timezone: input.timezone,
    bio: input.bio,
    profession: input.profession,
    skillsets: input.skillsets,
    walletAddress,
    ...Object.fromEntries(SOCIAL_KEYS.map((k) => [k, social[k]])),
  });
}
