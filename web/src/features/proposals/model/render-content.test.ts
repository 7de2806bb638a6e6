import { describe, expect, it } from 'vitest';
import { renderContent } from './render-content';

describe('proposal content rendering', () => {
  it('renders markdown', () => {
    expect(renderContent('**bold** text')).toContain('<strong>bold</strong>');
  });

  it('removes scripts, handlers and styles from HTML content', () => {
    const html = renderContent(
      '<p onclick="alert(1)" style="color:red">hi</p><script>alert(2)</script><iframe src="x"></iframe>',
      'HTML',
    );
    expect(html).toBe('<p>hi</p>');
  });

  it('opens outside links in a new tab without the opener', () => {
    const html = renderContent('[site](https://example.org)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('noopener');
  });

  it('drops javascript: links', () => {
    expect(renderContent('<a href="javascript:alert(1)">x</a>', 'HTML')).not.toContain('javascript');
  });
});
