import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalSuggestionJson, suggestionDraftHash } from './suggestion-hash';

describe('draft hash canonical form', () => {
  it('sorts keys at every level, drops empty members and keeps array order', () => {
    const json = canonicalSuggestionJson(7, {
      b: 'x',
      a: { d: [], c: 'y', e: null, f: '' },
      list: ['2', '1'],
    });
    expect(json).toBe(
      '{"content":{"a":{"c":"y"},"b":"x","list":["2","1"]},"number":7,"schema":"cr-suggestion/1"}',
    );
  });

  it('is the same for the same content written with other key orders, line endings and trailing spaces', () => {
    const a = { title: 'T', abstract: 'line one  \r\nline two\r\n' };
    const b = { abstract: 'line one\nline two', title: 'T', goal: '' };
    expect(suggestionDraftHash(1, a)).toBe(suggestionDraftHash(1, b));
  });

  it('changes with any visible change, and with the suggestion number', () => {
    const h = suggestionDraftHash(1, { title: 'T' });
    expect(suggestionDraftHash(1, { title: 'T.' })).not.toBe(h);
    expect(suggestionDraftHash(2, { title: 'T' })).not.toBe(h);
  });

  it('is the SHA-256 of the canonical JSON as UTF-8', () => {
    const content = { title: '区块链 wallet' };
    expect(suggestionDraftHash(3, content)).toBe(
      createHash('sha256').update(canonicalSuggestionJson(3, content), 'utf8').digest('hex'),
    );
  });
});
