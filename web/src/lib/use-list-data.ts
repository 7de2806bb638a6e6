import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads a list whenever `key` changes (aborting the load before), with loading and error states. `reload`
 * reads it again showing the loading state (a retry); `refreshQuietly` reads it again keeping the rows on
 * screen without the loading state (a live change elsewhere). `onLoaded` sees each answer.
 */
export function useListData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: unknown,
  onLoaded?: (data: T) => void,
) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [reads, setReads] = useState(0);
  const quiet = useRef(false);
  // The latest callbacks, so a new function each render does not start a load.
  const latest = useRef({ load, onLoaded });
  useEffect(() => {
    latest.current = { load, onLoaded };
  });

  useEffect(() => {
    const ctrl = new AbortController();
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    setError(null);
    latest.current
      .load(ctrl.signal)
      .then((res) => {
        // The rows' render runs in slices (a transition), not as one long task; the loading state stays meanwhile.
        startTransition(() => {
          setData(res);
          setLoading(false);
          latest.current.onLoaded?.(res);
        });
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setError(err);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, reads]);

  const reload = useCallback(() => setReads((n) => n + 1), []);
  const refreshQuietly = useCallback(() => {
    quiet.current = true;
    setReads((n) => n + 1);
  }, []);
  return { data, loading, error, reload, refreshQuietly };
}
