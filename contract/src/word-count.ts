/**
 * Word counting of the spec (§5, as the original site's `wordCounter`): a run of Latin (also Greek, Cyrillic)
 * letters or digits is one word; each CJK character (Han, kana, hangul) is one word. Inline base64 images are
 * not text and are removed first. Punctuation and markdown symbols count for nothing.
 */
const BASE64_IMAGE = /data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=\s]*/gi;
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}_]+/gu;

export function countWords(text: string): number {
  const matches = text.replace(BASE64_IMAGE, ' ').match(WORD);
  return matches ? matches.length : 0;
}

/** The spec's message when a text exceeds `max` words. */
export const wordsMaxMessage = (max: number) => `You can only type ${max} words max`;
