import { hasRole } from '@cr/contract/roles.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { SuggestionRow } from '@cr/core/db/schema';
import { AppError, conflict, forbidden, notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';

export const isAdmin = (user: AuthUser | null) => !!user && hasRole(user.role, 'ADMIN');
export const isAuthor = (row: SuggestionRow, user: AuthUser | null) => !!user && row.authorId === user.id;

/** A suggestion hidden for abuse is seen only by its author and admins; to others it does not exist. */
export function assertVisible(row: SuggestionRow | undefined, user: AuthUser | null): SuggestionRow {
  if (!row || (row.status === 'ABUSED' && !isAuthor(row, user) && !isAdmin(user)))
    throw notFound('suggestion', 'suggestion.not_found');
  return row;
}

export function assertAuthor(row: SuggestionRow, user: AuthUser | null, action = 'edit') {
  if (!isAuthor(row, user))
    throw forbidden(`Only the author can ${action} this suggestion.`, 'suggestion.not_author');
}

/** Content changes (edit, revert, sign): the author, while ACTIVE and unsigned (spec §4: signed is final). */
export function assertEditable(row: SuggestionRow, user: AuthUser | null) {
  assertAuthor(row, user);
  if (row.signed) throw conflict('suggestion.signed', 'A signed suggestion cannot be edited.');
  if (row.status !== 'ACTIVE')
    throw conflict(
      'suggestion.not_editable',
      `A suggestion that is ${row.status.toLowerCase()} cannot be edited.`,
    );
}

export function assertActive(row: SuggestionRow) {
  if (row.status !== 'ACTIVE')
    throw conflict('suggestion.not_active', `This suggestion is ${row.status.toLowerCase()}.`);
}

export const suspendedError = () => new AppError(403, 'suggestion.suspended', M.suspended);
