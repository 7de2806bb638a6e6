import { z } from 'zod';
import { proposalStatusSchema } from './proposal.contract';

/** How many of each kind the member page shows (the newest first). */
export const MEMBER_ACTIVITY_LIMIT = 10;

/** GET /api/member/:userId/activity — what a member did in public: never a draft, a cancelled or abused post. */
export const memberActivitySchema = z.object({
  suggestions: z.array(
    z.object({
      _id: z.string(),
      number: z.number().int(),
      title: z.string(),
      signed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  proposals: z.array(
    z.object({
      number: z.number().int(),
      title: z.string(),
      status: proposalStatusSchema,
      createdAt: z.string(),
    }),
  ),
  /** Council votes cast through the site, newest first (empty for members who never sat on the council). */
  votes: z.array(
    z.object({
      proposalNumber: z.number().int(),
      title: z.string(),
      choice: z.enum(['yes', 'oppose', 'abstain']),
      votedAt: z.string(),
    }),
  ),
  communities: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      type: z.string(),
      country: z.string(),
      role: z.enum(['MEMBER', 'ORGANIZER']),
    }),
  ),
});
export type MemberActivity = z.infer<typeof memberActivitySchema>;
