import { z } from 'zod';

export const nominationRoleSchema = z.enum(['NOMINEE', 'SECRETARY']);
export type NominationRoleName = z.infer<typeof nominationRoleSchema>;

/** Wallet action `co-sign-nomination`: the nominee or the secretary general co-signs a change suggestion. */
export const coSignNominationParamsSchema = z
  .object({ suggestionId: z.string().trim().min(1).max(100), role: nominationRoleSchema })
  .strict();

export const nominationSignerSchema = z.object({
  role: nominationRoleSchema,
  /** Who must sign (null: no secretary general is seated on chain). */
  did: z.string().nullable(),
  /** Their account on this site, when there is one. */
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  signed: z.boolean(),
  signedAt: z.string().nullable(),
  /** The words signed (or to sign). */
  statement: z.string().nullable(),
});
export type NominationSigner = z.infer<typeof nominationSignerSchema>;

/** GET /api/suggestion/:id/nominations — the co-signatures a change suggestion needs before registration. */
export const nominationStateSchema = z.object({
  /** False for suggestion types that need no co-signature. */
  required: z.boolean(),
  kind: z.enum(['CHANGE_OWNER', 'CHANGE_SECRETARY']).nullable(),
  signers: z.array(nominationSignerSchema),
  complete: z.boolean(),
  /** Why nobody can co-sign now (e.g. the nominee has no account, the target is not active). */
  blocked: z.object({ type: z.string(), message: z.string() }).nullable(),
  /** The role the caller may sign now, if any. */
  mySignRole: nominationRoleSchema.nullable(),
});
export type NominationState = z.infer<typeof nominationStateSchema>;
