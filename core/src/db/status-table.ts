/**
 * A table of the status moves a record may make. The repo function that writes the status asks the table first
 * and then updates only `WHERE status IN (from)`, so a move the table forbids never reaches SQL and a move
 * another process made first is refused instead of overwritten. One table per status column.
 */
export class IllegalTransitionError extends Error {
  constructor(
    readonly table: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`${table}: ${from} → ${to} is not an allowed move`);
    this.name = 'IllegalTransitionError';
  }
}

export interface StatusTable<S extends string> {
  readonly name: string;
  readonly next: Readonly<Record<S, readonly S[]>>;
  can(from: S, to: S): boolean;
  /** Throws IllegalTransitionError unless every `from` may move to `to`; returns the `from` list for the WHERE. */
  check(from: S | readonly S[], to: S): S[];
}

export function statusTable<S extends string>(name: string, next: Record<S, readonly S[]>): StatusTable<S> {
  const can = (from: S, to: S) => next[from].includes(to);
  return {
    name,
    next,
    can,
    check(from, to) {
      const list: S[] = typeof from === 'string' ? [from as S] : [...(from as readonly S[])];
      if (list.length === 0) throw new IllegalTransitionError(name, '(none)', to);
      for (const f of list) if (!can(f, to)) throw new IllegalTransitionError(name, f, to);
      return list;
    },
  };
}
