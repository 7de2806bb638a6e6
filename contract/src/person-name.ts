/** Han, kana and Hangul: names written in these scripts put the family name first, with no space. */
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * A person's name as pages and messages show it, from the register form's given name (`firstName`) and family
 * name (`lastName`): "Ada Chen", but "陈嘉怡" for 名 嘉怡 and 姓 陈; the username when neither is given.
 */
export function personName(p: {
  firstName?: string | null;
  lastName?: string | null;
  username: string;
}): string {
  const first = p.firstName?.trim() ?? '';
  const last = p.lastName?.trim() ?? '';
  const both = first + last;
  if (first && last && EAST_ASIAN.test(both) && !LATIN.test(both)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ') || p.username;
}
