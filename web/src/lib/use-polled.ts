import { useCallback, useEffect, useState } from 'react';

/**
 * Loads now and again every `everyMs` after each answer (never two at once), until the page closes. A failed
 * refresh keeps the last figures and reports the error beside them.
 */
export function usePolled<T>(load: (signal: AbortSignal) => Promise<T>, everyMs: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      load(ctrl.signal)
        .then((d) => {
          setData(d);
          setError(null);
        })
        .catch((err: unknown) => {
          if (!ctrl.signal.aborted) setError(err);
        })
        .finally(() => {
          if (ctrl.signal.aborted) return;
          setLoading(false);
          timer = setTimeout(run, everyMs);
        });
    };
    run();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // `load` is recreated each render; `round` restarts the polling (retry).
  }, [everyMs, round]);
  const reload = useCallback(() => {
    setLoading(true);
    setRound((n) => n + 1);
  }, []);
  return { data, error, loading, reload };
}
