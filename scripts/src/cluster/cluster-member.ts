import { eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { users } from '@cr/core/db/schema';
import { hashPassword } from '@cr/api/modules/account/password-hash';

const USERNAME = 'cluster-member';
const PASSWORD = 'cluster-member-password';

/** A member who signs in with a password (the cluster checks sign in on one api and act on the other). */
export async function ensureMember(db: Db): Promise<{ id: string; username: string; password: string }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, USERNAME));
  if (existing) return { id: existing.id, username: USERNAME, password: PASSWORD };
  const [row] = await db
    .insert(users)
    .values({
      username: USERNAME,
      email: `${USERNAME}@example.org`,
      firstName: 'Cluster',
      lastName: 'Member',
      country: 'SG',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id });
  return { id: row!.id, username: USERNAME, password: PASSWORD };
}
