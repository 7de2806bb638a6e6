import type { SuggestionContentInput, SuggestionType } from '@cr/contract/suggestion-content.contract';
import { FIELDS_BY_TYPE, suggestionContentInputSchema } from '@cr/contract/suggestion-content.contract';

/** The form's values: the shared input shape (every field optional while the member types). */
export type FormValues = SuggestionContentInput;
export type Path = (string | number)[];

/** A blank new-motion form. */
export function emptyValues(): FormValues {
  return {
    title: '',
    type: '1',
    abstract: '',
    motivation: '',
    goal: '',
    plan: { milestones: [], statement: '' },
    team: [],
    relevance: [],
    budget: { total: '', elaAddress: '', payments: [], statement: '' },
    links: [],
  };
}

/**
 * Values from stored content (a suggestion, a version or a server draft): parsed with the shared input schema,
 * so unknown keys are dropped and missing parts are filled like a blank form.
 */
export function valuesFromContent(content: unknown): FormValues {
  const parsed = suggestionContentInputSchema.safeParse(content ?? {});
  const v = parsed.success ? parsed.data : {};
  const blank = emptyValues();
  return {
    ...blank,
    ...v,
    type: v.type ?? blank.type,
    plan: { milestones: v.plan?.milestones ?? [], statement: v.plan?.statement ?? '' },
    team: v.team ?? [],
    relevance: v.relevance ?? [],
    budget: {
      total: v.budget?.total ?? '',
      elaAddress: v.budget?.elaAddress ?? '',
      payments: v.budget?.payments ?? [],
      statement: v.budget?.statement ?? '',
    },
    links: v.links ?? [],
  };
}

/** Whether the type carries a field (the form's tabs and what a save keeps). */
export const typeHasField = (type: SuggestionType | null | undefined, field: string) =>
  FIELDS_BY_TYPE[type ?? '1'].includes(field);

/** The value at a path, or undefined. */
export function getAt(values: unknown, path: Path): unknown {
  let cur: unknown = values;
  for (const key of path) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

/** A copy of `values` with `value` at `path` (objects and arrays along the way are created or copied). */
export function setAt<T>(values: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const base: unknown = values ?? (typeof head === 'number' ? [] : {});
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, value);
  return copy as T;
}

/** The dotted key of a path, as the server reports it (`budget.payments.2.amount`). */
export const pathKey = (path: Path) => path.map(String).join('.');

/** Whether two form states hold the same content (for the unsaved-changes warning). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

function comparable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(comparable);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const c = comparable((v as Record<string, unknown>)[k]);
      if (c === undefined || c === null || c === '') continue;
      if (Array.isArray(c) && c.length === 0) continue;
      if (typeof c === 'object' && !Array.isArray(c) && Object.keys(c as object).length === 0) continue;
      out[k] = c;
    }
    return out;
  }
  return v;
}

/**
 * Removes milestone `index` and keeps the payment schedule pointing at the same milestones: a payment on the
 * removed milestone loses its link, later ones move down by one.
 */
export function removeMilestone(values: FormValues, index: number): FormValues {
  const milestones = [...(values.plan?.milestones ?? [])];
  milestones.splice(index, 1);
  const payments = (values.budget?.payments ?? []).map((p) => {
    const m = p.milestone;
    if (m === null || m === undefined) return p;
    if (m === index) return { ...p, milestone: null };
    return m > index ? { ...p, milestone: m - 1 } : p;
  });
  return {
    ...values,
    plan: { ...values.plan, milestones },
    budget: { ...values.budget, payments },
  };
}
