import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders `children` right after the first paint of what is above it, in a render React may interrupt (a
 * deferred value, rendered in short slices): the top of the page shows first, and what is below it neither holds
 * up that paint nor blocks the main thread in one long task. `fallback` holds the place meanwhile; give it the
 * height of a screen so nothing below (the footer) shows and then moves.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
