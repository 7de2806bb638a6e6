import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true });

let hooked = false;
function purifier() {
  if (!hooked) {
    // Links written by members open in a new tab and never pass our page to the target.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? '';
        if (/^https?:\/\//i.test(href)) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
        }
      }
      if (node.tagName === 'IMG') {
        node.setAttribute('loading', 'lazy');
        if (!node.getAttribute('alt')) node.setAttribute('alt', '');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** The formats member-written text is stored in (spec §3: a proposal's content is MARKDOWN or HTML). */
export type ContentFormat = 'MARKDOWN' | 'HTML';

/**
 * Text written by a member as safe HTML: markdown is parsed first (GitHub flavour, line breaks kept); either
 * way the result is cleaned by DOMPurify (no scripts, event handlers, styles, forms or frames).
 */
export function renderContent(text: string | null | undefined, format: ContentFormat = 'MARKDOWN'): string {
  if (!text) return '';
  const html = format === 'HTML' ? text : (marked.parse(text, { async: false }) as string);
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/** Markdown written by a member as safe HTML (see renderContent). */
export function renderMarkdown(text: string | null | undefined): string {
  return renderContent(text, 'MARKDOWN');
}
