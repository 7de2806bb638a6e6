import { describe, expect, it } from 'vitest';
import { markdownExcerpt, renderMarkdown } from './markdown';

describe('markdown', () => {
  it('renders markdown and removes anything that could run', () => {
    const html = renderMarkdown(
      '# Hi\n\n**b** [a](javascript:alert(3))\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">',
    );
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).toContain('<strong>b</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
  });

  it('outside links open in a new tab without the opener', () => {
    const html = renderMarkdown('[x](https://example.org)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('noopener');
  });

  it('makes a one-line excerpt', () => {
    expect(markdownExcerpt('## Title\n\n**bold** [link](https://x.org) ![img](a.png)')).toBe(
      'Title bold link',
    );
    expect(markdownExcerpt('a'.repeat(300), 10)).toHaveLength(10);
    expect(markdownExcerpt('- hands-on workshops\n- 2. more')).toBe('hands-on workshops 2. more');
  });
});
