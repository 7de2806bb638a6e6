import { cloneElement, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from 'antd';

type Hoverable = ReactElement<{
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
}>;

/**
 * antd's Tooltip, mounted when its child is first pointed at (or focused, when `trigger` has focus) instead of with
 * the page. A Tooltip sets state as it mounts (its target, its popup's placement), which renders its subtree once
 * more right after the commit that added it, synchronously: for a proposal's rows of chain-status tags that was
 * tens of milliseconds of a phone's start-up in one task. Until then the child is drawn as it is, so the page's
 * HTML is the same with and without it (the server's first screen hydrates); the first hover mounts the Tooltip
 * open, and from then on it is antd's own.
 */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children'> & { children: Hoverable }) {
  const [armed, setArmed] = useState(false);
  if (armed)
    return (
      <Tooltip {...props} defaultOpen>
        {children}
      </Tooltip>
    );
  const onFocusToo = Array.isArray(props.trigger)
    ? props.trigger.includes('focus')
    : props.trigger === 'focus';
  return cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(e);
      setArmed(true);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      children.props.onFocus?.(e);
      if (onFocusToo) setArmed(true);
    },
  });
}
