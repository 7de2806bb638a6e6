import type { PublicAuthor } from '@cr/api/contract/suggestion.contract';

/** A site member's display name: first and last name, else the login name. */
export function authorName(a: PublicAuthor): string {
  const full = [a.firstName, a.lastName].filter(Boolean).join(' ').trim();
  return full || a.username;
}
