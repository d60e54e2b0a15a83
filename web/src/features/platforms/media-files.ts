import {
  checkPostNowFile,
  formatBytes,
  formatName,
  listOr,
  MEDIA_FORMATS,
  mediaPublishProblem,
  mediaSetProblem,
  PLATFORM_MEDIA,
  postNowKinds,
  type MediaKind,
} from '#shared/domain/platform-media';
import type { SniffedMediaType } from '#shared/domain/media-sniffing';
import type { ConnectablePlatform } from '#shared/domain/tiers';

export type MediaKindName = MediaKind['kind'];

/** A file that was not added to the post, and why, in the owner's words. */
export interface MediaRefusal {
  fileName: string;
  reason: string;
}

/** The file picker's filter: the platform's content types with their usual extensions. */
export const acceptedTypes = (platform: ConnectablePlatform): Record<string, string[]> =>
  Object.fromEntries(
    postNowKinds(platform).flatMap((kind) =>
      kind.contentTypes.map((type) => [type, [...(MEDIA_FORMATS[type]?.extensions ?? [])]]),
    ),
  );

/**
 * What the platform takes, in one line under the drop zone:
 * X: "Up to 4 images (JPEG, PNG or WebP, 5 MB each), one GIF up to 15 MB, or one video (MP4) up
 * to 100 MB."
 */
export const mediaGuidance = (platform: ConnectablePlatform): string => {
  const rules = PLATFORM_MEDIA[platform];
  const kinds = postNowKinds(platform);
  // Where a video is no post's only item (an Instagram carousel), images and videos mix.
  const mixed = kinds.every((kind) => !rules.aloneKinds.includes(kind.kind));
  const parts = kinds.map((kind) => {
    const formats = listOr(kind.contentTypes.map(formatName));
    const size = formatBytes(kind.maxBytes);
    switch (kind.kind) {
      case 'image':
        return `up to ${rules.maxImages} images (${formats}, ${size} each)`;
      case 'gif':
        return `one GIF up to ${size}`;
      case 'video':
        return mixed ? `videos (${formats}, ${size} each)` : `one video (${formats}) up to ${size}`;
    }
  });
  const joined =
    parts.length > 1
      ? `${parts.slice(0, -1).join(', ')}${mixed ? ' and' : ', or'} ${parts.at(-1)}`
      : parts[0]!;
  const text = mixed && parts.length > 1 ? `${joined}, ${rules.maxImages} in all` : joined;
  const aspect = rules.imageAspect
    ? ` Images from ${rules.imageAspect.minLabel} to ${rules.imageAspect.maxLabel}.`
    : '';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.${aspect}`;
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
  const kinds = [...currentKinds];
  const sorted: SortedFiles = { accepted: [], refused: [] };
  for (const file of files) {
    const checked = checkPostNowFile(platform, file.type, file.size);
    if (!('kind' in checked)) {
      sorted.refused.push({ fileName: file.name, reason: checked.message });
      continue;
    }
    const { kind } = checked;
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

/**
 * Why a file whose name and declared type the platform takes is refused all the same: its first
 * bytes (`sniffed`) are none of the platform's types (a program renamed photo.jpg). Null when
 * they are, or when the declared type is already refused (sortNewFiles says why).
 */
export const contentProblem = (
  platform: ConnectablePlatform,
  declaredType: string,
  sniffed: SniffedMediaType | null,
): string | null => {
  const types = postNowKinds(platform).flatMap((kind) => kind.contentTypes);
  if (!types.includes(declaredType)) return null;
  if (sniffed && types.includes(sniffed)) return null;
  return `This file is not a ${listOr(types.map(formatName))} file, whatever its name says`;
};

/**
 * Why an image cannot be published on the platform for its shape (Instagram: 4:5 to 1.91:1), or
 * null: also when its size could not be read (`size` null), as the server checks again.
 */
export const shapeProblem = (
  platform: ConnectablePlatform,
  kind: MediaKindName,
  size: { width: number; height: number } | null,
): string | null => (size ? mediaPublishProblem(platform, [{ kind, ...size }]) : null);
