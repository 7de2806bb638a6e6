/**
 * Polls `read` until `ok` holds, every `intervalMs`; after `timeoutMs` throws with what was awaited, the last value
 * read (cut to 400 characters) and the last error. The one poll of the tools and the browser tests (the demo's
 * steps, web/e2e's waits on the api; expect.poll cannot be called from helpers shared by concurrent tests).
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 250,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastErr: unknown;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (err) {
      lastErr = err;
    }
    if (Date.now() > end)
      throw new Error(
        `${what}: not reached in ${timeoutMs / 1000} s (last: ${JSON.stringify(last)?.slice(0, 400)} ${String(lastErr ?? '')})`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
