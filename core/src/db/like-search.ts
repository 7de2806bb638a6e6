import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Pairs of neighbouring Han characters: the same class as cjk_pairs() in migration 0027. */
const HAN_PAIR = /^[\u3400-\u4dbf\u4e00-\u9fff]{2}$/u;

/** The Han pairs of a search word, as cjk_pairs() finds them in a text (deduplicated). */
export function cjkPairs(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i]! + chars[i + 1]!;
    if (HAN_PAIR.test(pair)) out.add(pair);
  }
  return [...out];
}

/** What a word search binds: its LIKE pattern, and its Han pairs as a text[] literal (null without any). */
export interface LikeValues {
  pattern: string;
  pairs: string | null;
}

export function likeValues(word: string, escape: (text: string) => string): LikeValues {
  const pairs = cjkPairs(word);
  return { pattern: `%${escape(word)}%`, pairs: pairs.length ? `{${pairs.join(',')}}` : null };
}

/**
 * A word (already lower-cased) anywhere in `doc`, a stored lower-cased search text (tasks.search_text,
 * teams.search_text), answered from its indexes: the trigram index for words of three characters and more, and,
 * when the word has Han pairs, the cjk_pairs index (migration 0039). The LIKE decides; the pairs only narrow the rows
 * it checks. `pattern` and `pairs` are the word's `likeValues` or their placeholders (a statement prepared per
 * shape: with pairs or not).
 */
export function likeSearch(
  doc: AnyPgColumn,
  pattern: SQL | Placeholder,
  pairs: SQL | Placeholder | null,
): SQL {
  if (!pairs) return sql`${doc} like ${pattern}`;
  return sql`(cjk_pairs(${doc}) @> ${pairs}::text[] and ${doc} like ${pattern})`;
}
