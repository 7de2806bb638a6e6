import { z } from 'zod';

/** Success envelope (spec §7): HTTP 200 with `code` greater than 0 and the payload under `data`. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(1), data });

/** One field-level problem, keyed by the dotted path of the offending input. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/**
 * Error envelope: the right HTTP status, a negative `code`, and a stable `type` string clients switch on.
 * `message` is English; clients translate by `type` (and by `fields[].message` for validation errors).
 */
export const errorEnvelopeSchema = z.object({
  code: z.number().int().negative(),
  error: z.object({
    type: z.string(),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    /** Refusals for now (HTTP 429, also sent as Retry-After): seconds before trying again makes sense. */
    retryAfterSec: z.number().int().nonnegative().optional(),
  }),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type SuccessEnvelope<T> = { code: 1; data: T };
