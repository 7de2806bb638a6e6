/** One piece of a diff: kept, removed (only in the old text) or added (only in the new text). */
export interface DiffPart {
  op: 'same' | 'del' | 'add';
  text: string;
}

/** A line of a line diff; a changed line pair also carries its word diff. */
export interface DiffLine {
  op: 'same' | 'del' | 'add';
  text: string;
  /** Word-level parts inside a removed or added line that has a counterpart on the other side. */
  words?: DiffPart[];
}

/** Above this many cells the LCS table is not built; the texts are shown as fully replaced instead. */
const MAX_CELLS = 4_000_000;

/** Longest-common-subsequence diff of two token lists (classic dynamic programming, kept tokens in order). */
export function diffTokens(a: string[], b: string[]): DiffPart[] {
  // Common head and tail are cut first: most edits touch a small part of a long text.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text) => ({ op: 'same' as const, text }));
  const tail = a.slice(endA).map((text) => ({ op: 'same' as const, text }));
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  const n = x.length;
  const m = y.length;
  let middle: DiffPart[];
  if (n === 0 || m === 0 || n * m > MAX_CELLS) {
    middle = [
      ...x.map((text) => ({ op: 'del' as const, text })),
      ...y.map((text) => ({ op: 'add' as const, text })),
    ];
  } else {
    // lcs[i][j]: length of the LCS of x[i..] and y[j..], in one flat array.
    const lcs = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * (m + 1) + j] =
          x[i] === y[j]
            ? lcs[(i + 1) * (m + 1) + j + 1]! + 1
            : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    middle = [];
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (x[i] === y[j]) {
        middle.push({ op: 'same', text: x[i]! });
        i++;
        j++;
      } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) {
        middle.push({ op: 'del', text: x[i++]! });
      } else {
        middle.push({ op: 'add', text: y[j++]! });
      }
    }
    while (i < n) middle.push({ op: 'del', text: x[i++]! });
    while (j < m) middle.push({ op: 'add', text: y[j++]! });
  }
  return [...head, ...middle, ...tail];
}

/** Words and the spaces between them as tokens; each CJK character is its own token (as words are counted). */
export function wordTokens(text: string): string[] {
  return (
    text.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|\s+|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu,
    ) ?? []
  );
}

/** Joins neighbouring parts with the same op, so a run of changed words reads as one highlight. */
export function mergeParts(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && last.op === p.op) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** Word diff of two strings. */
export const diffWords = (a: string, b: string): DiffPart[] =>
  mergeParts(diffTokens(wordTokens(a), wordTokens(b)));

/**
 * Line diff of two texts; inside a block of removed lines followed by added lines, the lines are paired in order
 * and each pair gets a word diff, so a small edit in a long paragraph shows only the words that changed.
 */
export function diffLines(a: string, b: string): DiffLine[] {
  const split = (s: string) => (s === '' ? [] : s.split('\n'));
  const parts = diffTokens(split(a), split(b));
  const out: DiffLine[] = [];
  for (let k = 0; k < parts.length;) {
    if (parts[k]!.op === 'same') {
      out.push({ op: 'same', text: parts[k]!.text });
      k++;
      continue;
    }
    const dels: string[] = [];
    const adds: string[] = [];
    while (k < parts.length && parts[k]!.op !== 'same') {
      if (parts[k]!.op === 'del') dels.push(parts[k]!.text);
      else adds.push(parts[k]!.text);
      k++;
    }
    const pairs = Math.min(dels.length, adds.length);
    dels.forEach((text, i) => {
      const words = i < pairs ? diffWords(text, adds[i]!).filter((p) => p.op !== 'add') : undefined;
      out.push({ op: 'del', text, words });
    });
    adds.forEach((text, i) => {
      const words = i < pairs ? diffWords(dels[i]!, text).filter((p) => p.op !== 'del') : undefined;
      out.push({ op: 'add', text, words });
    });
  }
  return out;
}

/** Counts of changed lines, for the summary of a section. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((l) => l.op === 'add').length,
    removed: lines.filter((l) => l.op === 'del').length,
  };
}
