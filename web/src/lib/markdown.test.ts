import { describe, expect, it } from 'vitest';
import { renderContent, renderMarkdown } from './markdown';
import { markdownExcerpt } from './markdown-excerpt';

describe('member-written text as HTML', () => {
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

  it('removes scripts, handlers and styles from HTML content', () => {
    const html = renderContent(
      '<p onclick="alert(1)" style="color:red">hi</p><script>alert(2)</script><iframe src="x"></iframe>',
      'HTML',
    );
    expect(html).toBe('<p>hi</p>');
  });

  it('drops javascript: links from HTML content', () => {
    expect(renderContent('<a href="javascript:alert(1)">x</a>', 'HTML')).not.toContain('javascript');
  });

  it('opens outside links in a new tab without the opener', () => {
    const html = renderContent('[site](https://example.org)');
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
