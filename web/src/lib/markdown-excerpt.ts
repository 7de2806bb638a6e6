// Apart from markdown.ts: a list's previews need no parser or sanitizer (marked and DOMPurify stay off its page).

/** Plain text of markdown for previews in lists (no markup, one line). */
export function markdownExcerpt(text: string, max = 240): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
