import { sql } from 'drizzle-orm';

/**
 * Text search without locale surprises: we make the lexemes ourselves and store them with array_to_tsvector
 * (GIN-indexed), so PostgreSQL and PGlite index exactly the same tokens.
 * - Latin, Greek, Cyrillic letters and digits: lower-cased words; queries match them by prefix (`wal` → wallet).
 * - CJK (Han, kana, hangul): every character and every pair of neighbours. A one-character query matches the
 *   character, a longer one needs all of its pairs. (pg_trgm cannot index the 1–2 character words that make up
 *   most Chinese queries: a LIKE pattern shorter than three characters yields no trigram.)
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]+/gu;
/** Longer words are cut: nobody searches by the 101st character of a word. */
const MAX_WORD = 100;

function runs(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

/** The lexemes stored for a text (deduplicated). */
export function searchLexemes(text: string): string[] {
  const out = new Set<string>();
  for (const run of runs(text)) {
    if (CJK.test(run)) {
      const chars = [...run];
      chars.forEach((c, i) => {
        out.add(c);
        if (i + 1 < chars.length) out.add(c + chars[i + 1]);
      });
    } else {
      out.add([...run].slice(0, MAX_WORD).join(''));
    }
  }
  return [...out];
}

/** The search document of a text (a title, an abstract), as an SQL value for a tsvector column. */
// Passed as one JSON parameter: both drivers send it the same way (a JS array would become a parameter list).
export const searchDocument = (text: string) =>
  sql`array_to_tsvector(array(select jsonb_array_elements_text(${JSON.stringify(searchLexemes(text))}::jsonb)))`;

/**
 * A tsquery (text form, cast with ::tsquery) that matches documents containing every word of the query; null
 * when the query has no searchable word. Lexemes only ever contain letters and digits, so quoting is safe.
 */
export function searchTsQuery(query: string): string | null {
  const parts: string[] = [];
  for (const run of runs(query).slice(0, 20)) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) parts.push(`'${chars[0]}'`);
      for (let i = 0; i + 1 < chars.length; i++) parts.push(`'${chars[i]}${chars[i + 1]}'`);
    } else {
      parts.push(`'${[...run].slice(0, MAX_WORD).join('')}':*`);
    }
  }
  return parts.length ? [...new Set(parts)].join(' & ') : null;
}

/** Escapes LIKE wildcards so user text matches literally (`50%_off` is not a pattern). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The largest number a number search looks for (suggestion and proposal numbers are integer columns). */
const MAX_NUMBER = 2_147_483_647;

/** The number a number search means ("12", "#12", "# 12"); null for any other text or one past the column. */
export function searchNumber(text: string): number | null {
  const m = /^#?\s*([1-9][0-9]{0,15})$/.exec(text);
  return m && Number(m[1]) <= MAX_NUMBER ? Number(m[1]) : null;
}
