import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { uploads, users } from '@cr/core/db/schema';
import type { Role } from '@cr/contract/user.contract';
import type { FileStorage } from '@cr/api/modules/upload/file-storage';
import { identiconPng } from './dev-avatar';
import { DEV_PEOPLE } from './dev-people';

/**
 * Site accounts for the dev identities, so a person trying the product can sign in by QR with the dev wallet
 * as a member, a council member, the secretary general or an admin. Bound to their DIDs; created once, with a
 * realistic name (`DEV_PEOPLE`) and a generated avatar stored like an upload. An account made before the
 * identities had names (first name = the wallet's name) gets them; one a person edited is left as it is.
 */
export async function ensureDevAccounts(
  db: Db,
  storage: FileStorage,
  identities: Array<{ name: string; did: string; role: Role }>,
) {
  for (const id of identities) {
    const person = DEV_PEOPLE[id.name];
    await db
      .insert(users)
      .values({
        username: id.name,
        email: null,
        role: id.role,
        did: id.did,
        didBoundAt: new Date(),
        firstName: person?.firstName ?? id.name,
        lastName: person?.lastName ?? 'Dev',
        country: person?.country ?? 'SG',
      })
      // An existing account with that DID or name is kept as it is.
      .onConflictDoNothing();
    const [row] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        avatar: sql<string | null>`${users.profile}->>'avatar'`,
      })
      .from(users)
      .where(eq(users.did, id.did));
    if (!row || !person) continue;
    if (row.firstName === id.name)
      await db
        .update(users)
        .set({ firstName: person.firstName, lastName: person.lastName, country: person.country })
        .where(and(eq(users.id, row.id), eq(users.firstName, id.name)));
    if (!row.avatar) await giveAvatar(db, storage, row.id, id.name, person.motto);
  }
}

/** Stores a generated PNG as the member's own upload (as POST /api/upload/file would) and sets it as avatar. */
export async function giveAvatar(db: Db, storage: FileStorage, userId: string, seed: string, motto?: string) {
  const png = identiconPng(seed);
  const key = `${randomUUID()}.png`;
  await storage.put(key, png, 'image/png');
  await db.insert(uploads).values({
    ownerId: userId,
    storageKey: key,
    filename: `${seed}.png`,
    contentType: 'image/png',
    size: png.length,
  });
  const patch = { avatar: storage.publicUrl(key), ...(motto ? { motto } : {}) };
  await db
    .update(users)
    .set({ profile: sql`${users.profile} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(users.id, userId));
}
