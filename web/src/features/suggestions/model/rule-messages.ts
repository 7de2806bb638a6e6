import { SUGGESTION_MESSAGES } from '@cr/contract/suggestion-messages.contract';
import { wordsMaxMessage } from '@cr/contract/word-count';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The English rule texts of the shared contract, keyed back to their names (`This field is required.` → `required`). */
const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(SUGGESTION_MESSAGES)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([key, message]) => [message, key]),
);
KEY_BY_MESSAGE.set('Please input a valid hash.', 'invalidHash');
KEY_BY_MESSAGE.set('Page size is 10 or 20.', 'pageSize');

const DUPLICATE_PREFIX = SUGGESTION_MESSAGES.duplicateDidNames(['']).replace(/\s*$/, '');
const WORDS_MAX = /^You can only type (\d+) words max$/;

/**
 * The member's language for a rule message of the shared schema (the same English text the server answers in
 * `error.fields[].message`). Unknown texts are shown as they came.
 */
export function translateRule(message: string, t: Translate): string {
  const key = KEY_BY_MESSAGE.get(message);
  if (key) return t(`rules.${key}`, { max: 200 });
  const words = WORDS_MAX.exec(message);
  if (words) return t('rules.abstractWords', { max: Number(words[1]) });
  if (message.startsWith(DUPLICATE_PREFIX))
    return t('rules.duplicateDidNames', { names: message.slice(DUPLICATE_PREFIX.length).trim() });
  return message;
}

/** Every rule key the locale files must carry. */
export const RULE_KEYS = [...new Set([...KEY_BY_MESSAGE.values(), 'duplicateDidNames'])];

export { wordsMaxMessage };
