import clsx from 'clsx';
import { useId } from 'react';
import { ALT_TEXT_MAX } from '#shared/contract/platforms';
import { Button } from '#web/components/button';
import { controlStateClasses } from '#web/components/field';
import { IconCheckCircle, IconWarning } from '#web/components/icons';
import { ProgressTrack } from '#web/components/progress-bar';
import { formatBytes } from '#shared/domain/platform-media';
import type { MediaItem } from '../use-media-uploads';
import { FilePreview } from '#web/components/file-preview';

interface MediaItemRowProps {
  item: MediaItem;
  onRemove: () => void;
  onRetry: () => void;
  onAltTextChange: (altText: string) => void;
  disabled?: boolean;
}

function UploadStatus({ item }: { item: MediaItem }) {
  const percent = Math.round(item.progress * 100);
  if (item.status === 'uploading') {
    return (
      <div className="mt-2">
        <ProgressTrack
          label={`Uploading ${item.file.name}`}
          valueText={`${percent}% uploaded`}
          value={{ now: percent, max: 100 }}
          fill={{ className: 'transition-[width] duration-200', style: { width: `${percent}%` } }}
        />
        <p className="mt-1 text-xs text-slate-500 tabular-nums" aria-hidden="true">
          Uploading… {percent}%
        </p>
      </div>
    );
  }
  if (item.status === 'uploaded') {
    return (
      <p className="mt-1.5 flex items-center gap-1 text-xs font-medium text-emerald-700">
        <IconCheckCircle aria-hidden="true" className="size-4" />
        Uploaded
      </p>
    );
  }
  return (
    <p className="mt-1.5 flex items-start gap-1 text-xs font-medium text-red-700">
      <IconWarning aria-hidden="true" className="size-4 shrink-0" />
      {item.error}
    </p>
  );
}

/** What the live region says about a file: its state changes, never each percent. */
const announcementOf = (item: MediaItem): string => {
  switch (item.status) {
    case 'uploading':
      return `Uploading ${item.file.name}`;
    case 'uploaded':
      return `${item.file.name} uploaded`;
    case 'failed':
      return `${item.file.name} failed to upload: ${item.error ?? ''}`;
  }
};

/** One chosen file: its preview, upload progress or failure, alt text (images), Retry and Remove. */
export function MediaItemRow({
  item,
  onRemove,
  onRetry,
  onAltTextChange,
  disabled,
}: MediaItemRowProps) {
  const altId = useId();
  const takesAltText = item.kind !== 'video';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex gap-3">
        <FilePreview url={item.previewUrl} isVideo={item.kind === 'video'} className="size-16" />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </p>
              <p className="text-xs text-slate-500">{formatBytes(item.file.size)}</p>
            </div>
            <div className="flex shrink-0 gap-1">
              {item.status === 'failed' ? (
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
          </div>
          <UploadStatus item={item} />
          <p role="status" className="sr-only">
            {announcementOf(item)}
          </p>
        </div>
      </div>
      {takesAltText ? (
        <div className="mt-3">
          <label htmlFor={altId} className="mb-1 block text-xs font-medium text-slate-700">
            Alt text<span className="sr-only"> for {item.file.name}</span>{' '}
            <span className="font-normal text-slate-500">(for people who can't see the image)</span>
          </label>
          <input
            id={altId}
            type="text"
            value={item.altText}
            onChange={(event) => onAltTextChange(event.target.value)}
            maxLength={ALT_TEXT_MAX}
            disabled={disabled}
            placeholder="Describe what the image shows"
            className={clsx(
              'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:text-sm',
              controlStateClasses(false),
            )}
          />
        </div>
      ) : null}
    </li>
  );
}
