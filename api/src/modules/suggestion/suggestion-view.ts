import type { PublicAuthor, SuggestionSummary } from '@cr/contract/suggestion.contract';
import type { SuggestionType } from '@cr/contract/suggestion-content.contract';
import type { SummaryRow } from './suggestion-list.repo';

type TagRow = { suggestionId: string; type: string; description: string | null; createdAt: Date };

export function toPublicAuthor(r: {
  authorId: string;
  authorUsername: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatar: string | null;
}): PublicAuthor {
  return {
    _id: r.authorId,
    username: r.authorUsername,
    firstName: r.authorFirstName,
    lastName: r.authorLastName,
    avatar: r.authorAvatar,
  };
}

/** The shown status (spec §4) from the stored status and the council's tags. */
export function displayStatus(status: string, tagTypes: string[]): SuggestionSummary['displayStatus'] {
  if (status === 'CANCELLED') return 'cancelled';
  if (tagTypes.includes('ADDED_TO_PROPOSAL')) return 'referred';
  if (tagTypes.includes('UNDER_CONSIDERATION')) return 'underConsideration';
  if (tagTypes.includes('INFO_NEEDED')) return 'moreInfoRequired';
  return 'posted';
}

/** Numeric(30,8) as read ("1000.00000000") → the canonical amount text ("1000"). */
export const amountOut = (v: string | null) =>
  v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;

/** One suggestion's tags (from the rows of several) as its summary and detail show them. */
export function tagViews(id: string, tags: TagRow[]): SuggestionSummary['tags'] {
  return tags
    .filter((t) => t.suggestionId === id)
    .map((t) => ({
      type: t.type as SuggestionSummary['tags'][number]['type'],
      description: t.description,
      createdAt: t.createdAt.toISOString(),
    }));
}

export function toSummary(row: SummaryRow, tags: TagRow[]): SuggestionSummary {
  const mine = tags.filter((t) => t.suggestionId === row.id);
  return {
    _id: row.id,
    number: row.number,
    title: row.title,
    type: row.type as SuggestionType,
    abstract: row.abstract,
    author: toPublicAuthor(row),
    status: row.status,
    displayStatus: displayStatus(
      row.status,
      mine.map((t) => t.type),
    ),
    tags: tagViews(row.id, mine),
    signed: row.signed,
    budgetTotal: amountOut(row.budgetTotal),
    likesNum: row.likesNum,
    dislikesNum: row.dislikesNum,
    viewsNum: row.viewsNum,
    commentsNum: row.commentsNum,
    activeness: row.activeness,
    proposalNumber: row.proposalNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
