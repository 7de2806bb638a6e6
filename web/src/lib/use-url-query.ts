import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's query kept in the URL (shareable, bookmarkable). `parse` reads it (memoise it with useCallback);
 * `update` writes changed values, dropping blanks and `defaults` so URLs stay short, and any change but the page
 * goes back to page 1 (`onPageReset` is told, e.g. to forget a remembered page).
 *
 * Changes build on the newest query this hook wrote, not on the one of the last render: the router commits a
 * URL change as a transition, so a second change made before that render (choose "search by", then type and
 * press Enter at once) would otherwise start from the old URL and drop the first.
 */
export function useUrlQuery<Q>(
  parse: (params: URLSearchParams) => Q,
  defaults: Readonly<Record<string, string>>,
  onPageReset?: () => void,
) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parse(params), [parse, params]);

  // The router's params replace ours whenever they change (a link, back / forward, our own write landing).
  const fromRouter = useRef(params);
  const latest = useRef(params);
  if (fromRouter.current !== params) {
    fromRouter.current = params;
    latest.current = params;
  }

  const update = useCallback(
    (change: Record<string, string | undefined>, resetPage = true) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(change)) {
        if (v === undefined || v === '' || v === defaults[k]) next.delete(k);
        else next.set(k, v);
      }
      if (resetPage) {
        next.delete('page');
        onPageReset?.();
      }
      latest.current = next;
      setParams(next);
    },
    [setParams, defaults, onPageReset],
  );

  /** Back to the unfiltered first page. */
  const clear = useCallback(() => {
    latest.current = new URLSearchParams();
    setParams(latest.current);
  }, [setParams]);
  return { query, update, clear };
}
