/**
 * Reads where only the latest counts. A page that reads again on every live change can have two reads in flight;
 * the answers can come back in either order, and an answer read before a change must never overwrite what the
 * change showed (a late answer once put a proposal's NOTIFICATION back to PROPOSED). `run` applies an answer only
 * if no newer read began and no change superseded it since.
 */
export interface LatestOnly {
  run<T>(read: () => Promise<T>, done: (value: T) => void, failed: (err: unknown) => void): Promise<void>;
  /** A change was announced: answers to reads begun before it are dropped (the read it schedules replaces them). */
  supersede(): void;
}

export function latestOnly(): LatestOnly {
  let current = 0;
  return {
    async run(read, done, failed) {
      const mine = ++current;
      let value;
      try {
        value = await read();
      } catch (err) {
        if (mine === current) failed(err);
        return;
      }
      if (mine === current) done(value);
    },
    supersede() {
      current += 1;
    },
  };
}
