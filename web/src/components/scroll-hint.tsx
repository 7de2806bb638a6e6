import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The element that scrolls sideways: an antd Table's own scroller, else the frame itself. */
function scrollerOf(frame: HTMLElement): HTMLElement {
  return frame.querySelector<HTMLElement>('.ant-table-content, .ant-table-body') ?? frame;
}

/**
 * A table that is wider than a phone scrolls sideways inside this frame, and says so: a line "scroll sideways"
 * above it and a fade on the edge that still hides columns, both only while something is hidden. Tables that
 * can stack into cards should do that instead (the proposal's votes and payments do).
 */
export function ScrollHint({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    let scroller = scrollerOf(box);
    const measure = () => {
      scroller = scrollerOf(box);
      const hidden = scroller.scrollWidth - scroller.clientWidth;
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
