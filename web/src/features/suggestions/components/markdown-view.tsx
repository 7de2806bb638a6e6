import { useMemo } from 'react';
import { renderMarkdown } from '../model/markdown';

/** Member-written markdown, sanitized (see renderMarkdown). */
export function MarkdownView({ text, className }: { text: string | null | undefined; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  if (!html) return null;
  return <div className={`sg-markdown ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
