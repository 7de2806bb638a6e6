import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The element that scrolls sideways: an antd Table's own scroller, else the frame itself. */
function scrollerOf(frame: HTMLElement): HTMLElement {
  return frame.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? frame;
}

/**
 * Makes the scroller a keyboard stop while it hides something (WCAG 2.1.1: a keyboard reader scrolls it with the
 * arrow keys, as a mouse reader drags it), named as a region so a screen reader says what it is; a scroller that
 * hides nothing is left as it was.
 */
function markScroller(scroller: HTMLElement, overflow: boolean, label: string): void {
  if (overflow) {
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', label);
    scroller.dataset.scrollRegion = '';
  } else if ('scrollRegion' in scroller.dataset) {
    scroller.removeAttribute('tabindex');
    scroller.removeAttribute('role');
    scroller.removeAttribute('aria-label');
    delete scroller.dataset.scrollRegion;
  }
}

/**
 * A table that is wider than a phone scrolls sideways inside this frame, and says so: a line "scroll sideways"
 * above it and a fade on the edge that still hides columns, both only while something is hidden. While it hides
 * something the scroller is also a named keyboard stop (`label`: what the table holds). Tables that can stack
 * into cards should do that instead (the proposal's votes and payments do).
 */
export function ScrollHint({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  /** What the scrolling table holds, the name a screen reader gives the region ("Sessions"); else "Scroll sideways". */
  label?: string;
}) {
  const { t } = useTranslation();
  const name = label ?? t('common.scrollSideways');
  const nameRef = useRef(name);
  nameRef.current = name;
  const frame = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    let scroller = scrollerOf(box);
    const measure = () => {
      const next = scrollerOf(box);
      if (next !== scroller) markScroller(scroller, false, '');
      scroller = next;
      const hidden = scroller.scrollWidth - scroller.clientWidth;
      markScroller(scroller, hidden > 1, nameRef.current);
      setOverflow(hidden > 1);
      setAtStart(scroller.scrollLeft <= 1);
      setAtEnd(scroller.scrollLeft >= hidden - 1);
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(box);
    resize.observe(scroller);
    // The scroll event does not bubble: listen on the frame in the capture phase to catch the inner scroller.
    box.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      resize.disconnect();
      box.removeEventListener('scroll', measure, { capture: true });
    };
  }, []);

  // A new language renames the region at once.
  useEffect(() => {
    const box = frame.current;
    const scroller = box && scrollerOf(box);
    if (scroller && 'scrollRegion' in scroller.dataset) scroller.setAttribute('aria-label', name);
  }, [name]);

  return (
    <div
      className={`cr-scroll-hint${className ? ` ${className}` : ''}`}
      data-scroll-hint=""
      data-overflow={overflow ? 'true' : 'false'}
    >
      {overflow && (
        <p className="cr-scroll-hint__text" data-testid="scroll-hint">
          <SwapOutlined aria-hidden /> {t('common.scrollSideways')}
        </p>
      )}
      <div
        ref={frame}
        className={`cr-scroll-hint__frame${overflow && !atStart ? ' cr-scroll-hint__frame--left' : ''}${
          overflow && !atEnd ? ' cr-scroll-hint__frame--right' : ''
        }`}
      >
        {children}
      </div>
    </div>
  );
}
