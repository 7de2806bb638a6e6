import type { Page } from 'playwright-core';

/**
 * Words of ordinary text (letters only, up to 24 characters; not the letters inside an address or a hash) inside `selector` that the browser drew on two
 * lines, i.e. broke in the middle. Each word is measured with a Range: one line gives one rectangle top.
 */
export function brokenWords(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/(?<![A-Za-z0-9])[A-Za-z]{4,24}(?![A-Za-z0-9])/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}

/** Every scroller inside `selector` that is wider than its box must carry a visible scroll hint. */
export function scrollersWithoutHint(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const bad: string[] = [];
    for (const root of document.querySelectorAll(sel))
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        if (!/(auto|scroll)/.test(style.overflowX) || el.scrollWidth <= el.clientWidth + 1) continue;
        const hint = el.closest('[data-scroll-hint]');
        const visible =
          hint?.getAttribute('data-overflow') === 'true' &&
          !!hint.querySelector('[data-testid="scroll-hint"]') &&
          (hint.querySelector('[data-testid="scroll-hint"]') as HTMLElement).offsetHeight > 0;
        if (!visible) bad.push(`${el.tagName}.${el.className}`);
      }
    return bad;
  }, selector);
}
