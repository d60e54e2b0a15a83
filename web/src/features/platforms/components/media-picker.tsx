import clsx from 'clsx';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { Button } from '#web/components/button';
import { FileRefusals } from '#web/components/file-refusals';
import { IconPlus } from '#web/components/icons';
import { acceptedTypes, mediaGuidance } from '../media-files';
import type { MediaUploads } from '../use-media-uploads';
import { MediaItemRow } from './media-item';

interface MediaPickerProps {
  platform: ConnectablePlatform;
  media: MediaUploads;
  disabled?: boolean;
}

/**
 * 'Add Media (optional)': a drop zone with a 'Select Files' button, filtered to the platform's
 * types, and the chosen files with their uploads. Every file, dropped or picked, goes through the
 * same checks (media-files.ts), so a refused one always says why.
 */
export function MediaPicker({ platform, media, disabled }: MediaPickerProps) {
  const legendId = useId();
  const guidanceId = useId();
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: acceptedTypes(platform),
    multiple: true,
    disabled,
    // The button opens the picker: one clear control for the keyboard, not a clickable region.
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
    // The checks are ours (with our messages), whatever the drop zone made of the types.
    onDrop: (accepted, rejections) =>
      void media.add([...accepted, ...rejections.map((rejection) => rejection.file)]),
  });

  return (
    <fieldset aria-labelledby={legendId} aria-describedby={guidanceId} className="space-y-3">
      <legend id={legendId} className="text-sm font-medium text-slate-800">
        Add Media (optional)
      </legend>
      <div
        {...getRootProps({
          className: clsx(
            'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-5 text-center transition-colors sm:flex-row sm:text-left',
            isDragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Add Media (optional)' })} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium text-slate-800">
            {isDragActive ? 'Drop to add' : 'Drag files here, or select them'}
          </p>
          <p id={guidanceId} className="mt-0.5 text-xs text-slate-500">
            {mediaGuidance(platform)}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={open} disabled={disabled}>
          <IconPlus aria-hidden="true" className="size-4" />
          Select Files
        </Button>
      </div>
      <FileRefusals refusals={media.refusals} onDismiss={media.dismissRefusals} />
      {media.items.length > 0 ? (
        <ul className="space-y-2" aria-label="Media">
          {media.items.map((item) => (
            <MediaItemRow
              key={item.id}
              item={item}
              disabled={disabled}
              onRemove={() => media.remove(item.id)}
              onRetry={() => media.retry(item.id)}
              onAltTextChange={(altText) => media.setAltText(item.id, altText)}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
