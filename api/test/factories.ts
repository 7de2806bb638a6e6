import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@cr/contract/user.contract';
import type { Db } from '@cr/core/db/db-client';
import { proposals, users, type UserRow } from '@cr/core/db/schema';
import { issueToken } from '../src/modules/session/session.service';

/** Inserts a user (unique name and e-mail unless given) and opens a session for it. */
export async function makeUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {},
): Promise<{ user: UserRow; token: string; tokenId: string }> {
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      username: `member_${suffix}`,
      email: `member_${suffix}@example.org`,
      firstName: 'Test',
      lastName: 'Member',
      country: 'SG',
      ...overrides,
    })
    .returning();
  const { token, tokenId } = await issueToken(db, user!.id, 'password');
  return { user: user!, token, tokenId };
}

/** Inserts a proposal of `ownerId` (also its proposer) straight into the table: numbered unless a DRAFT. */
export async function makeProposal(
  db: Db,
  ownerId: string,
  status: 'DRAFT' | 'PROPOSED' | 'ACTIVE',
  title: string,
) {
  const [p] = await db
    .insert(proposals)
    .values({
      number: status === 'DRAFT' ? null : sql`nextval('proposal_number_seq')`,
      status,
      type: '1',
      title,
      titleSearch: sql`to_tsvector('simple', ${title})`,
      ownerId,
      proposerId: ownerId,
      draftHash: `0x${randomBytes(32).toString('hex')}`,
    })
    .returning();
  return p!;
}
