import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@cr/core/errors/app-error';
import type { FieldError } from '@cr/contract/envelope.contract';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** Paths (dotted, as the envelope's field errors) of every string holding a NUL byte, keys included. */
export function nulPaths(value: unknown, at: string[] = [], out: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) out.push(at.join('.'));
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes(NUL)) out.push([...at, key.replaceAll(NUL, '\\0')].join('.'));
      else nulPaths(inner, [...at, key], out, depth + 1);
    }
  }
  return out;
}

/**
 * No text the api takes may hold a NUL byte: PostgreSQL cannot store one in text, so it would fail deep in a
 * query (a 500) or stall an export. Refused up front with a 400 naming the fields, before any route runs.
 */
export function rejectNul(req: Request, _res: Response, next: NextFunction) {
  const fields: FieldError[] = [];
  const message = 'Text may not contain a NUL character.';
  if (/%00/i.test(req.path) || req.path.includes(NUL)) fields.push({ path: 'path', message });
  for (const where of ['query', 'body'] as const) {
    for (const p of nulPaths(req[where])) fields.push({ path: p ? `${where}.${p}` : where, message });
  }
  if (fields.length === 0) return next();
  next(new AppError(400, 'validation.failed', `Invalid input: ${fields[0]!.path}: ${message}`, fields));
}
