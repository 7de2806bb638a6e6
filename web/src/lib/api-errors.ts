import type { FieldError } from '@cr/contract/envelope.contract';

/**
 * The API answered, but not with success: a non-200 status or a body whose `code` is not above 0.
 * `type` is the server's stable error string (e.g. `upload.too_large`); pages translate by it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields: FieldError[] = [],
    /** A refusal for now (429): the seconds the server asks to wait (`error.retryAfterSec`). */
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }
}

/** The request never got an answer (server down, offline, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly type = 'network.unreachable';
  constructor(override readonly cause?: unknown) {
    super('The server could not be reached.');
  }
}

/** Gateway statuses a proxy answers with when the api behind it is down: treated like an unreachable server. */
export function isServerDown(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return err instanceof ApiError && [502, 503, 504].includes(err.status) && err.type.startsWith('http.');
}

/** A record's id that names nothing (404) or is not an id at all (400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
