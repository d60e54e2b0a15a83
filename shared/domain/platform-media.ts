import { platformName, type ConnectablePlatform, type ConnectableTable } from './tiers';

/** One kind of file a platform takes, with its own size limit. */
export interface MediaKind {
  kind: 'image' | 'gif' | 'video';
  contentTypes: readonly string[];
  maxBytes: number;
}

export interface PlatformMediaRules {
  kinds: readonly MediaKind[];
  /** How many images one post may carry. */
  maxImages: number;
  /** A GIF or a video is the post's only media item. */
  aloneKinds: readonly MediaKind['kind'][];
}

const MB = 1024 * 1024;

/**
 * What each platform accepts in one post. X: up to 4 images (5 MB each), or one GIF (15 MB), or
 * one MP4 video (X allows 512 MB; we hold it to 100 MB because the post is relayed through a
 * Lambda's memory). LinkedIn: images only for now (JPEG, PNG, GIF up to 8 MB), up to 9.
 * Facebook and Instagram: not yet, as nothing is published there. The presigned POST's policy
 * enforces type and size at S3; the server checks the stored object again before posting.
 */
export const PLATFORM_MEDIA: ConnectableTable<PlatformMediaRules> = {
  twitter: {
    kinds: [
      { kind: 'image', contentTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * MB },
      { kind: 'gif', contentTypes: ['image/gif'], maxBytes: 15 * MB },
      { kind: 'video', contentTypes: ['video/mp4'], maxBytes: 100 * MB },
    ],
    maxImages: 4,
    aloneKinds: ['gif', 'video'],
  },
  linkedin: {
    kinds: [
      {
        kind: 'image',
        contentTypes: ['image/jpeg', 'image/png', 'image/gif'],
        maxBytes: 8 * MB,
      },
    ],
    maxImages: 9,
    aloneKinds: [],
  },
  facebook: null,
  instagram: null,
};

/** The kind a content type is on a platform, or undefined when the platform does not take it. */
export const mediaKindOf = (
  platform: ConnectablePlatform,
  contentType: string,
): MediaKind | undefined =>
  PLATFORM_MEDIA[platform].kinds.find((kind) => kind.contentTypes.includes(contentType));

/**
 * Why a set of media cannot go in one post, in the owner's words, or null when it can.
 * `kinds` are the kinds of the files in the order chosen.
 */
export const mediaSetProblem = (
  platform: ConnectablePlatform,
  kinds: readonly MediaKind['kind'][],
): string | null => {
  const rules = PLATFORM_MEDIA[platform];
  const alone = kinds.find((kind) => rules.aloneKinds.includes(kind));
  if (alone && kinds.length > 1) {
    return `A post with a ${alone === 'gif' ? 'GIF' : 'video'} can't have other media`;
  }
  if (kinds.length > rules.maxImages) {
    return `A post can have at most ${rules.maxImages} images`;
  }
  return null;
};

/** The formats the platforms take: the name owners know, and the usual extensions (first: ours). */
export const MEDIA_FORMATS: Record<string, { name: string; extensions: readonly string[] }> = {
  'image/jpeg': { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { name: 'PNG', extensions: ['.png'] },
  'image/webp': { name: 'WebP', extensions: ['.webp'] },
  'image/gif': { name: 'GIF', extensions: ['.gif'] },
  'video/mp4': { name: 'MP4', extensions: ['.mp4'] },
};

export const formatName = (contentType: string): string =>
  MEDIA_FORMATS[contentType]?.name ?? contentType;

/** "JPEG, PNG or GIF" */
export const listOr = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** "5 MB", "7.2 MB", "640 KB" */
export const formatBytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(mb >= 10 ? 0 : 1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

const KIND_PLURALS: Record<MediaKind['kind'], string> = {
  image: 'images',
  gif: 'GIFs',
  video: 'videos',
};

/**
 * One file against the platform's rules: its kind, or why the platform does not take it, in the
 * owner's words. The browser checks a chosen file with it, the API the upload it presigns and
 * the object S3 stored.
 */
export const checkMediaFile = (
  platform: ConnectablePlatform,
  contentType: string,
  size: number,
): { kind: MediaKind } | { problem: 'type' | 'size'; message: string } => {
  const name = platformName(platform);
  const kind = mediaKindOf(platform, contentType);
  if (!kind) {
    const types = PLATFORM_MEDIA[platform].kinds.flatMap((each) => each.contentTypes);
    return { problem: 'type', message: `${name} takes ${listOr(types.map(formatName))} files` };
  }
  if (size > kind.maxBytes) {
    return {
      problem: 'size',
      message: `It is ${formatBytes(size)}; ${KIND_PLURALS[kind.kind]} on ${name} can be up to ${formatBytes(kind.maxBytes)}`,
    };
  }
  return { kind };
};
