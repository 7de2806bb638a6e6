import type { z } from 'zod';
import { AppError } from '@cr/core/errors/app-error';
import type { FieldError } from '@cr/contract/envelope.contract';
import { FIELD_REQUIRED_MESSAGE } from '@cr/contract/field-messages.contract';

type Path = readonly PropertyKey[];

/** Issue codes a field's own type raises when nothing was sent (a check or a custom rule keeps its words). */
const TYPE_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union']);
/** Stands for zod's built-in wording while the same input is parsed again with the field sent empty. */
const BUILT_IN = '\u0000built-in';

const valueAt = (input: unknown, path: Path): unknown =>
  path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );

/** The input with the value at `path` replaced by "" (copies along the path, the input is left as it is). */
function withEmptyAt(input: unknown, path: Path): unknown {
  if (path.length === 0) return '';
  const [key, ...rest] = path;
  const copy = (Array.isArray(input) ? [...(input as unknown[])] : { ...(input as object) }) as Record<
    PropertyKey,
    unknown
  >;
  copy[key!] = withEmptyAt(valueAt(input, [key!]), rest);
  return copy;
}

/** Not sent, or sent as nothing: undefined, null, or blank text (a choice left empty). */
const isAbsent = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((k, i) => String(k) === String(b[i]));

/**
 * The words for a field that was not sent at all: what the schema says to the same field sent empty ("Please
 * input the reason for your vote."), or, where it has no words of its own for that (an enum, an object),
 * "This field is required.". Never zod's "Invalid input: expected string, received undefined".
 */
function missingFieldMessage(schema: z.ZodType, input: unknown, path: Path): string {
  const empty = schema.safeParse(withEmptyAt(input, path), { error: () => BUILT_IN });
  const issue = empty.error?.issues.find((i) => samePath(i.path, path) && i.message !== BUILT_IN);
  return issue?.message ?? FIELD_REQUIRED_MESSAGE;
}

/**
 * The one error map of the api: zod issues become the envelope's field errors (dotted paths, the schema's own
 * messages); a field not sent at all (or sent as nothing where its type refuses that: an empty choice, a null)
 * gets the message it would get sent empty (`missingFieldMessage`), never zod's built-in type text.
 */
export function toFieldErrors(error: z.ZodError, schema: z.ZodType, input: unknown): FieldError[] {
  return error.issues.map((issue) => {
    const missing = TYPE_CODES.has(issue.code) && isAbsent(valueAt(input, issue.path));
    return {
      path: issue.path.map(String).join('.'),
      message: missing ? missingFieldMessage(schema, input, issue.path) : issue.message,
    };
  });
}

/** Parses input with a schema; bad input becomes one 400 `validation.failed` listing every field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown, where: 'body' | 'query' | 'params'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error, schema, input);
  const first = fields[0];
  throw new AppError(
    400,
    'validation.failed',
    first ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `Invalid ${where}.`,
    fields,
  );
}
