import { ErrorCode, type FileRejection } from 'react-dropzone';
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_MEDIA_TYPES,
  MAX_CAMPAIGN_MEDIA,
  MEDIA_MESSAGES,
} from '#shared/domain/campaigns';

/** The drop zone's filter: each accepted content type with its usual extensions. */
export const MEDIA_ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.entries(CAMPAIGN_MEDIA_TYPES).map(([type, { extensions }]) => [type, [...extensions]]),
);

/** What the drop zone holds files to (react-dropzone's own checks, with our words for them). */
export const MEDIA_DROP_LIMITS = {
  maxSize: CAMPAIGN_MEDIA_MAX_BYTES,
  // An empty file is "too small".
  minSize: 1,
} as const;

/** A file the drop zone refused, and why, in the owner's words. */
export interface MediaRefusal {
  fileName: string;
  reason: string;
}

const REASONS: Record<string, string> = {
  [ErrorCode.FileInvalidType]: MEDIA_MESSAGES.typeNotAllowed,
  [ErrorCode.FileTooLarge]: MEDIA_MESSAGES.tooLarge,
  [ErrorCode.FileTooSmall]: MEDIA_MESSAGES.empty,
  [ErrorCode.TooManyFiles]: MEDIA_MESSAGES.tooMany,
};

/**
 * Why each refused file was refused: the file type, too large (over 10 MB), too small (empty), or
 * too many ('Maximum 5 files allowed': a campaign has at most 5, counting those it has).
 */
export const refusalsOf = (rejections: readonly FileRejection[]): MediaRefusal[] =>
  rejections.map(({ file, errors }) => {
    const code = errors.find((error) => REASONS[error.code])?.code;
    return { fileName: file.name, reason: code ? REASONS[code]! : MEDIA_MESSAGES.typeNotAllowed };
  });

/** How many more files the campaign takes. */
export const remainingSlots = (existing: number, chosen: number): number =>
  Math.max(0, MAX_CAMPAIGN_MEDIA - existing - chosen);
