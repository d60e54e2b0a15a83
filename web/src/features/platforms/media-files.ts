import {
  mediaKindOf,
  mediaSetProblem,
  PLATFORM_MEDIA,
  type MediaKind,
} from '#shared/domain/platform-media';
import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';

export type MediaKindName = MediaKind['kind'];

/** A file that was not added to the post, and why, in the owner's words. */
export interface MediaRefusal {
  fileName: string;
  reason: string;
}

const FORMAT_NAMES: Record<string, { name: string; extensions: string[] }> = {
  'image/jpeg': { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { name: 'PNG', extensions: ['.png'] },
  'image/webp': { name: 'WebP', extensions: ['.webp'] },
  'image/gif': { name: 'GIF', extensions: ['.gif'] },
  'video/mp4': { name: 'MP4', extensions: ['.mp4'] },
};

const formatName = (contentType: string) => FORMAT_NAMES[contentType]?.name ?? contentType;

/** "JPEG, PNG or GIF" */
const listOr = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** "5 MB", "7.2 MB", "640 KB" */
export const formatBytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(mb >= 10 ? 0 : 1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

const KIND_PLURALS: Record<MediaKindName, string> = {
  image: 'images',
  gif: 'GIFs',
  video: 'videos',
};

/** The file picker's filter: the platform's content types with their usual extensions. */
export const acceptedTypes = (platform: ConnectablePlatform): Record<string, string[]> =>
  Object.fromEntries(
    PLATFORM_MEDIA[platform].kinds.flatMap((kind) =>
      kind.contentTypes.map((type) => [type, FORMAT_NAMES[type]?.extensions ?? []]),
    ),
  );

/**
 * What the platform takes, in one line under the drop zone:
 * X: "Up to 4 images (JPEG, PNG or WebP, 5 MB each), one GIF up to 15 MB, or one video (MP4) up
 * to 100 MB."
 */
export const mediaGuidance = (platform: ConnectablePlatform): string => {
  const rules = PLATFORM_MEDIA[platform];
  const parts = rules.kinds.map((kind) => {
    const formats = listOr(kind.contentTypes.map(formatName));
    const size = formatBytes(kind.maxBytes);
    switch (kind.kind) {
      case 'image':
        return `up to ${rules.maxImages} images (${formats}, ${size} each)`;
      case 'gif':
        return `one GIF up to ${size}`;
      case 'video':
        return `one video (${formats}) up to ${size}`;
    }
  });
  const text =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1)}` : parts[0]!;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

export interface SortedFiles {
  accepted: { file: File; kind: MediaKindName }[];
  refused: MediaRefusal[];
}

/**
 * Which of the newly chosen files can join the post's media (`currentKinds`), in the order
 * chosen: each is checked for its type, its size and then the set it would make (X: four images,
 * or one GIF, or one video), so the post's media is always a set the platform takes.
 */
export const sortNewFiles = (
  platform: ConnectablePlatform,
  currentKinds: readonly MediaKindName[],
  files: readonly File[],
): SortedFiles => {
  const name = PLATFORMS[platform].name;
  const kinds = [...currentKinds];
  const sorted: SortedFiles = { accepted: [], refused: [] };
  const allTypes = PLATFORM_MEDIA[platform].kinds.flatMap((kind) => kind.contentTypes);
  for (const file of files) {
    const kind = mediaKindOf(platform, file.type);
    if (!kind) {
      sorted.refused.push({
        fileName: file.name,
        reason: `${name} takes ${listOr(allTypes.map(formatName))} files`,
      });
      continue;
    }
    if (file.size > kind.maxBytes) {
      sorted.refused.push({
        fileName: file.name,
        reason: `It is ${formatBytes(file.size)}; ${KIND_PLURALS[kind.kind]} on ${name} can be up to ${formatBytes(kind.maxBytes)}`,
      });
      continue;
    }
    const problem = mediaSetProblem(platform, [...kinds, kind.kind]);
    if (problem) {
      sorted.refused.push({ fileName: file.name, reason: problem });
      continue;
    }
    kinds.push(kind.kind);
    sorted.accepted.push({ file, kind: kind.kind });
  }
  return sorted;
};
