import { normalizeText } from './suggestion-content.contract';
import { sha256Hex } from './sha256';

/** Version tag inside the hashed document; a change of the canonical form gets a new tag. */
export const DRAFT_HASH_SCHEMA = 'cr-suggestion/1';

function canonicalValue(value: unknown): unknown {
  if (typeof value === 'string') return normalizeText(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('Only safe integers appear in suggestion content');
    return value;
  }
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => canonicalValue(v) ?? null);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = canonicalValue((value as Record<string, unknown>)[key]);
      if (v === undefined || v === null) continue;
      if (Array.isArray(v) && v.length === 0) continue;
      if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
      out[key] = v;
    }
    return out;
  }
  return undefined;
}

/**
 * The canonical form of a suggestion that is hashed (docs/suggestion-states.md "Draft hash"): compact JSON of
 * `{ content, number, schema }` with object keys sorted by code unit at every level, array order kept, strings
 * NFC with `\n` line endings, trailing spaces cut from each line and trimmed, and null / empty-string /
 * empty-array / empty-object members left out. Nothing is fetched: image and link URLs count as their text.
 */
export function canonicalSuggestionJson(number: number, content: unknown): string {
  return JSON.stringify(canonicalValue({ schema: DRAFT_HASH_SCHEMA, number, content }));
}

/** The draft hash: lower-case hex SHA-256 of the canonical form's UTF-8 bytes. */
export function suggestionDraftHash(number: number, content: unknown): string {
  return sha256Hex(canonicalSuggestionJson(number, content));
}
