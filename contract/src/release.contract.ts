import { z } from 'zod';
import { releaseMessages } from './release-messages.contract';
export { releaseMessages, releaseMessageType, type ReleaseMessageType } from './release-messages.contract';

/** Release notes ("What's new", spec §3 Release: name, desc): admins write them, everyone reads them. */
const M = releaseMessages;

/** POST /api/release and PUT /api/release/:id */
export const releaseInputSchema = z.object({
  name: z.string().trim().min(1, M['release.required']).max(120, M['release.too_long']),
  description: z.string().trim().min(1, M['release.required']).max(20_000, M['release.too_long']),
  date: z.iso.date(M['release.required']),
});
export type ReleaseInput = z.input<typeof releaseInputSchema>;
export type ReleaseValues = z.output<typeof releaseInputSchema>;

export const releaseParamsSchema = z.object({ id: z.uuid() });

export const releaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  date: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;
export const releaseListSchema = z.object({ list: z.array(releaseSchema) });
export type ReleaseList = z.infer<typeof releaseListSchema>;
