import type { Db } from '@cr/api/db/db-client';
import { users } from '@cr/api/db/schema';
import type { Role } from '@cr/api/contract/user.contract';

/**
 * Site accounts for the dev identities, so a person trying the product can sign in by QR with the dev wallet
 * as a council member, the secretary general or an admin. Bound to their DIDs; created once.
 */
export async function ensureDevAccounts(
  db: Db,
  identities: Array<{ name: string; did: string; role: Role }>,
) {
  for (const id of identities) {
    await db
      .insert(users)
      .values({
        username: id.name,
        email: null,
        role: id.role,
        did: id.did,
        didBoundAt: new Date(),
        firstName: id.name,
        lastName: id.role === 'COUNCIL' ? 'Council' : id.role === 'SECRETARY' ? 'Secretariat' : 'Dev',
        country: 'SG',
      })
      // An existing account with that DID or name is kept as it is.
      .onConflictDoNothing();
  }
}
