import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's query kept in the URL (shareable, bookmarkable). `parse` reads it (memoise it with useCallback);
 * `update` writes changed values, dropping blanks and `defaults` so URLs stay short, and any change but the page
 * goes back to page 1 (`onPageReset` is told, e.g. to forget a remembered page).
 */
export function useUrlQuery<Q>(
  parse: (params: URLSearchParams) => Q,
  defaults: Readonly<Record<string, string>>,
  onPageReset?: () => void,
) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parse(params), [parse, params]);

  const update = useCallback(
    (change: Record<string, string | undefined>, resetPage = true) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(change)) {
        if (v === undefined || v === '' || v === defaults[k]) next.delete(k);
        else next.set(k, v);
      }
      if (resetPage) {
        next.delete('page');
        onPageReset?.();
      }
      setParams(next);
    },
    [params, setParams, defaults, onPageReset],
  );

  /** Back to the unfiltered first page. */
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { query, update, clear };
}
