import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import { personName } from '@cr/contract/person-name';

/** A site member's display name: first and last name, else the login name. */
export function authorName(a: PublicAuthor): string {
  return personName(a);
}
