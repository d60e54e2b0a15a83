import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { CONNECTABLE_PLATFORMS } from '#shared/domain/tiers';
import { jsonFile } from '../json-file';

/**
 * What the stand-ins for X and LinkedIn remember: the grants and tokens they issued, the media
 * uploaded to them and the posts made. Kept in `<dataDir>/social-providers.json` (media bytes
 * beside it in `social-media/`) so that a sandbox restart keeps connected accounts working and
 * the posts listed, as the DynamoDB data that names them is kept too. Without a data folder (the
 * tests) everything stays in memory. Every change rewrites the file atomically, one write at a
 * time, like the schedules.
 */

const platformSchema = z.enum(CONNECTABLE_PLATFORMS);

const accountSchema = z.object({
  /** The provider's id: a numeric X user id, a LinkedIn member id (`sub`). */
  id: z.string(),
  /** X's `username` (no @); on LinkedIn the same as the name. */
  username: z.string(),
  name: z.string(),
});

const grantSchema = z.object({
  grantId: z.string(),
  platform: platformSchema,
  clientId: z.string(),
  account: accountSchema,
  scopes: z.array(z.string()),
  revoked: z.boolean(),
  createdAt: z.string(),
});

const tokenSchema = z.object({
  grantId: z.string(),
  kind: z.enum(['access', 'refresh']),
  /** Access tokens: epoch milliseconds. */
  expiresAt: z.number().optional(),
  /** Refresh tokens are single-use: spent once traded, and a spent one used again ends the grant. */
  spent: z.boolean().optional(),
  revoked: z.boolean().optional(),
});

const mediaSchema = z.object({
  id: z.string(),
  platform: platformSchema,
  accountId: z.string(),
  contentType: z.string(),
  size: z.number(),
  altText: z.string().optional(),
  createdAt: z.string(),
});

const postSchema = z.object({
  platform: platformSchema,
  accountId: z.string(),
  /** `@username` on X, the member's name on LinkedIn. */
  handle: z.string(),
  /** The text as the reader sees it (LinkedIn's little-text escapes undone). */
  text: z.string(),
  media: z.array(
    z.object({ mediaId: z.string(), contentType: z.string(), altText: z.string().optional() }),
  ),
  postId: z.string(),
  url: z.string(),
  postedAt: z.string(),
});

const fileSchema = z.object({
  grants: z.record(z.string(), grantSchema),
  tokens: z.record(z.string(), tokenSchema),
  media: z.record(z.string(), mediaSchema),
  /** Newest first. */
  posts: z.array(postSchema),
});

export type StandInAccount = z.infer<typeof accountSchema>;
export type Grant = z.infer<typeof grantSchema>;
export type IssuedToken = z.infer<typeof tokenSchema>;
export type StoredMedia = z.infer<typeof mediaSchema>;
export type StandInPost = z.infer<typeof postSchema>;
export type ProviderData = z.infer<typeof fileSchema>;

export interface ProviderStore {
  /** Changed in place by the stand-ins; `save()` after each change. */
  readonly data: ProviderData;
  save(): Promise<void>;
  writeMedia(id: string, bytes: Buffer): Promise<void>;
  readMedia(id: string): Promise<Buffer | undefined>;
}

const empty = (): ProviderData => ({ grants: {}, tokens: {}, media: {}, posts: [] });

/** In the data folder when given one, in memory otherwise. */
export const createProviderStore = async (dataDir?: string): Promise<ProviderStore> => {
  if (!dataDir) {
    const bytes = new Map<string, Buffer>();
    return {
      data: empty(),
      save: async () => undefined,
      writeMedia: async (id, media) => void bytes.set(id, media),
      readMedia: async (id) => bytes.get(id),
    };
  }
  const file = jsonFile(join(dataDir, 'social-providers.json'), fileSchema);
  const mediaDir = join(dataDir, 'social-media');
  await mkdir(mediaDir, { recursive: true });
  const data = (await file.read()) ?? empty();
  // Ids are the stand-ins' own (digits, letters, - and _), never a path from a request.
  const mediaPath = (id: string) => join(mediaDir, id.replace(/[^\w-]/g, '_'));

  return {
    data,
    save: () => file.write(data),
    writeMedia: (id, bytes) => writeFile(mediaPath(id), bytes),
    async readMedia(id) {
      try {
        return await readFile(mediaPath(id));
      } catch {
        return undefined;
      }
    },
  };
};
