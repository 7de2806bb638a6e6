import { describe, expect, it } from 'vitest';
import { diffLines, diffStats, diffTokens, diffWords, wordTokens } from './text-diff';

const render = (parts: { op: string; text: string }[]) =>
  parts.map((p) => (p.op === 'same' ? p.text : p.op === 'add' ? `[+${p.text}]` : `[-${p.text}]`)).join('');

describe('text diff', () => {
  it('finds the longest common subsequence of tokens', () => {
    expect(render(diffTokens(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e']))).toBe('a[-b]cd[+e]');
  });

  it('shows only the changed words of an edited sentence', () => {
    expect(render(diffWords('Build the wallet in May', 'Build the wallet in June'))).toBe(
      'Build the wallet in [-May][+June]',
    );
  });

  it('treats each Chinese character as a word', () => {
    expect(wordTokens('建立钱包 app')).toEqual(['建', '立', '钱', '包', ' ', 'app']);
    expect(render(diffWords('建立钱包', '建立节点'))).toBe('建立[-钱包][+节点]');
  });

  it('diffs lines and pairs a changed line with its replacement', () => {
    const lines = diffLines('one\ntwo\nthree', 'one\n2\nthree\nfour');
    expect(lines.map((l) => `${l.op}:${l.text}`)).toEqual([
      'same:one',
      'del:two',
      'add:2',
      'same:three',
      'add:four',
    ]);
    expect(lines[1]!.words).toEqual([{ op: 'del', text: 'two' }]);
    expect(lines[4]!.words).toBeUndefined();
    expect(diffStats(lines)).toEqual({ added: 2, removed: 1 });
  });

  it('an empty side is all added or all removed', () => {
    expect(diffLines('', 'a\nb').map((l) => l.op)).toEqual(['add', 'add']);
    expect(diffLines('a', '').map((l) => l.op)).toEqual(['del']);
    expect(diffLines('same', 'same').map((l) => l.op)).toEqual(['same']);
  });
});
