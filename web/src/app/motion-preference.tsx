import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Provider as MotionProvider } from '@rc-component/motion';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

/** Whether the reader asked their system for reduced motion (false on the server, which cannot know). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}

/**
 * antd's popups, drawers, modals and messages without their motion for a reader who prefers reduced motion: they
 * appear and leave at once, instead of stepping through classes that wait for an animation or transition to end
 * (global.css shortens those to nothing, which left some antd motions waiting for an end that never came). The
 * provider renders no element, so the server's HTML is taken over unchanged either way.
 */
export function MotionPreference({ children }: { children: ReactNode }) {
  const reduce = usePrefersReducedMotion();
  return <MotionProvider motion={!reduce}>{children}</MotionProvider>;
}
