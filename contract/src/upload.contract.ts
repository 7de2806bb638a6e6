import { z } from 'zod';

/** Images only, detected from the bytes; at most 200 KB (spec §5 and §9). */
export const MAX_UPLOAD_BYTES = 200 * 1024;

/** POST /api/upload/file (multipart, field `file`) — the stored file's public URL merged with filename and type. */
export const uploadResultSchema = z.object({
  url: z.string(),
  filename: z.string(),
  type: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
