import type { z } from 'zod';
import { AppError } from './app-error';
import type { FieldError } from '../contract/envelope.contract';

/** Turns zod issues into the envelope's field errors (dotted paths, the schema's own messages). */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses input with a schema; bad input becomes one 400 `validation.failed` listing every field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown, where: 'body' | 'query' | 'params'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = toFieldErrors(result.error);
  const first = fields[0];
  throw new AppError(
    400,
    'validation.failed',
    first ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ''}${first.message}` : `Invalid ${where}.`,
    fields,
  );
}
