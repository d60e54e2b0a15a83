import * as z from 'zod';

/**
 * A presigned POST, as every upload route answers it: the browser posts the form fields first and
 * the file last (as `file`) straight to storage, whose policy holds it to the key, type and size.
 */
export const presignedUploadSchema = z.object({
  /** The storage key the next call names (a post's media, or a campaign file to confirm). */
  key: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
