/** `work`, or a rejection naming `what` once `ms` have passed without its answer. */
export function withTimeout<T>(work: Promise<T>, ms: number, what = 'the work'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
