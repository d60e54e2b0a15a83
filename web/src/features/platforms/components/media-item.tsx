import { ALT_TEXT_MAX } from '#shared/contract/platforms';
import { formatBytes } from '#shared/domain/platform-media';
import { Button } from '#web/components/button';
import { FilePreview } from '#web/components/file-preview';
import { FileNoteField, FileUploadRow, uploadViewOf } from '#web/components/file-upload-row';
import type { MediaItem } from '../use-media-uploads';

interface MediaItemRowProps {
  item: MediaItem;
  onRemove: () => void;
  onRetry: () => void;
  onAltTextChange: (altText: string) => void;
  disabled?: boolean;
}

/**
 * One chosen file: its preview, upload progress or failure, alt text (images), Retry (not for a
 * file the API refused: it would be refused again) and Remove.
 */
export function MediaItemRow({
  item,
  onRemove,
  onRetry,
  onAltTextChange,
  disabled,
}: MediaItemRowProps) {
  const takesAltText = item.kind !== 'video';
  return (
    <FileUploadRow
      fileName={item.file.name}
      preview={
        <FilePreview url={item.previewUrl} isVideo={item.kind === 'video'} className="size-16" />
      }
      details={formatBytes(item.file.size)}
      actions={
        <div className="flex shrink-0 gap-1">
          {item.status === 'failed' && !item.refused ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={onRetry}
              disabled={disabled}
              aria-label={`Retry ${item.file.name}`}
            >
              Retry
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${item.file.name}`}
          >
            Remove
          </Button>
        </div>
      }
      upload={uploadViewOf(item)}
    >
      {takesAltText ? (
        <FileNoteField
          label="Alt text"
          labelEnd={`for ${item.file.name}`}
          purpose="for people who can't see the image"
          value={item.altText}
          onChange={onAltTextChange}
          maxLength={ALT_TEXT_MAX}
          disabled={disabled}
          placeholder="Describe what the image shows"
        />
      ) : null}
    </FileUploadRow>
  );
}
