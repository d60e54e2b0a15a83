import { platformName, type ConnectablePlatform, type ConnectableTable } from './tiers';

/** One kind of file a platform takes, with its own size limit. */
export interface MediaKind {
  kind: 'image' | 'gif' | 'video';
  contentTypes: readonly string[];
  maxBytes: number;
}

export interface PlatformMediaRules {
  kinds: readonly MediaKind[];
  /** How many images one post may carry (on Instagram: the items of a carousel). */
  maxImages: number;
  /** A GIF or a video is the post's only media item. */
  aloneKinds: readonly MediaKind['kind'][];
  /** A post needs at least one image or video (Instagram has no text-only posts). */
  mediaRequired: boolean;
  /** The shapes of image the platform publishes (width ÷ height), where it limits them. */
  imageAspect: AspectRange | null;
  /**
   * The one image type the platform publishes, where it takes only one: a campaign image of
   * another type it accepts here goes as its JPEG rendition, which the media job makes (Instagram
   * publishes JPEG only). Post now's uploads are not converted, so it takes this type alone.
   */
  publishedImageType: string | null;
}

/** Width ÷ height, from `min` (tallest) to `max` (widest), as the platform names it. */
export interface AspectRange {
  min: number;
  max: number;
  /** "4:5", "1.91:1" */
  minLabel: string;
  maxLabel: string;
}

const MB = 1024 * 1024;

/**
 * What each platform accepts in one post. X: up to 4 images (5 MB each), or one GIF (15 MB), or
 * one MP4 video (X allows 512 MB; we hold it to 100 MB because the post is relayed through a
 * Lambda's memory). LinkedIn: images only for now (JPEG, PNG, GIF up to 8 MB), up to 9.
 * Facebook: up to 10 photos (Meta takes photos up to 4 MB; it sets no count, 10 is ours, as
 * Instagram's), or one MP4 video. Instagram: an image or a video is required; up to 10 in a
 * carousel; images 8 MB (a PNG or GIF published as its JPEG rendition), from 4:5 to 1.91:1. Meta fetches Facebook videos and
 * all Instagram media from a short-lived link to our bucket, so those are not relayed; 100 MB
 * still bounds them, as the stored object is checked before posting. The presigned POST's policy
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
    mediaRequired: false,
    imageAspect: null,
    publishedImageType: null,
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
    mediaRequired: false,
    imageAspect: null,
    publishedImageType: null,
  },
  facebook: {
    kinds: [
      {
        kind: 'image',
        contentTypes: ['image/jpeg', 'image/png', 'image/gif'],
        maxBytes: 4 * MB,
      },
      { kind: 'video', contentTypes: ['video/mp4'], maxBytes: 100 * MB },
    ],
    maxImages: 10,
    aloneKinds: ['video'],
    mediaRequired: false,
    imageAspect: null,
    publishedImageType: null,
  },
  instagram: {
    kinds: [
      // PNG and GIF (its first frame) are published as their JPEG rendition (`publishedImageType`).
      {
        kind: 'image',
        contentTypes: ['image/jpeg', 'image/png', 'image/gif'],
        maxBytes: 8 * MB,
      },
      { kind: 'video', contentTypes: ['video/mp4'], maxBytes: 100 * MB },
    ],
    maxImages: 10,
    // A carousel mixes images and videos.
    aloneKinds: [],
    mediaRequired: true,
    imageAspect: { min: 4 / 5, max: 1.91, minLabel: '4:5', maxLabel: '1.91:1' },
    publishedImageType: 'image/jpeg',
  },
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

/** One image or video of a post, as far as its shape is known. */
export interface MediaShape {
  kind: MediaKind['kind'];
  /** In pixels, when known (images, once read). */
  width?: number;
  height?: number;
}

/**
 * Why a post's media cannot be published on the platform, in the owner's words, or null when
 * they can: the review says so before approval (and Post now before sending) rather than the
 * platform at publishing time. An image whose size is not known yet is not refused here.
 */
export const mediaPublishProblem = (
  platform: ConnectablePlatform,
  media: readonly MediaShape[],
): string | null => {
  const rules = PLATFORM_MEDIA[platform];
  const name = platformName(platform);
  if (rules.mediaRequired && media.length === 0) {
    return `${name} posts need an image or a video. Add one to this post first.`;
  }
  const aspect = rules.imageAspect;
  if (aspect) {
    const unfit = media.find(
      ({ kind, width, height }) =>
        kind !== 'video' &&
        width !== undefined &&
        height !== undefined &&
        height > 0 &&
        // Meta rounds: a 1080 × 1350 image is exactly 4:5 and must not be refused for a bit.
        (width / height < aspect.min - 0.005 || width / height > aspect.max + 0.005),
    );
    if (unfit) {
      return `${name} takes images from ${aspect.minLabel} (portrait) to ${aspect.maxLabel} (landscape); this one is ${unfit.width} × ${unfit.height}. Crop it, or choose another image.`;
    }
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

/**
 * The kinds Post now takes: the platform's, except that where it publishes one image type only,
 * images are of that type alone — Post now's uploads do not go through the media job that
 * converts campaign images (and the endpoints never decode images).
 */
export const postNowKinds = (platform: ConnectablePlatform): readonly MediaKind[] => {
  const { kinds, publishedImageType } = PLATFORM_MEDIA[platform];
  if (!publishedImageType) return kinds;
  return kinds.map((kind) =>
    kind.kind === 'video' ? kind : { ...kind, contentTypes: [publishedImageType] },
  );
};

/** A file for Post now against the platform's rules: as checkMediaFile, with postNowKinds. */
export const checkPostNowFile = (
  platform: ConnectablePlatform,
  contentType: string,
  size: number,
): ReturnType<typeof checkMediaFile> => {
  const verdict = checkMediaFile(platform, contentType, size);
  if (!('kind' in verdict)) return verdict;
  if (postNowKinds(platform).some((kind) => kind.contentTypes.includes(contentType))) {
    return verdict;
  }
  const types = postNowKinds(platform).flatMap((kind) => kind.contentTypes);
  return {
    problem: 'type',
    message: `Post now sends ${listOr(types.map(formatName))} files to ${platformName(platform)}; a ${formatName(contentType)} is converted to JPEG as a campaign image`,
  };
};
