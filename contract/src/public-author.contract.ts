import { z } from 'zod';

/**
 * An author as the public sees them: no e-mail, ever. A module of its own: a proposal's page needs it without the
 * suggestion schemas.
 */
export const publicAuthorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type PublicAuthor = z.infer<typeof publicAuthorSchema>;
