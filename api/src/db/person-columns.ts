import { sql } from 'drizzle-orm';
import { users } from './schema';

/** The columns of a person as pages show them (name, username, avatar): never an e-mail or other private field. */
export const personColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: sql<string | null>`${users.profile}->>'avatar'`,
};

export interface PersonRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}
