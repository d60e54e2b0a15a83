import clsx from 'clsx';
import { useId } from 'react';
import { AI_MEDIA_FILES_MAX } from '#shared/domain/ai-campaigns';
import {
  CAMPAIGN_MEDIA_MAX_SIZE_TEXT,
  MEDIA_DESCRIPTION_MAX,
  MEDIA_MESSAGES,
} from '#shared/domain/campaigns';
import { Button } from '#web/components/button';
import { controlStateClasses } from '#web/components/field';
import { FileDropArea } from '#web/components/file-drop-area';
import { FileRefusals } from '#web/components/file-refusals';
import { FileUploadRow } from '#web/components/file-upload-row';
import { IconSparkles, IconWarning } from '#web/components/icons';
import { Spinner } from '#web/components/spinner';
import { formatSize } from '#web/lib/format';
import { remainingSlots } from '../../campaign-media-files';
import { IconPhoto, IconPlay } from '../../components/campaign-icons';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { GeneratorMediaItem, GeneratorMediaState } from '../use-generator-media';
import { useMediaDropzone } from '../../use-media-dropzone';

function Preview({ item }: { item: GeneratorMediaItem }) {
  const box =
    'flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-400 ring-1 ring-slate-200';
  if (!item.previewUrl) {
    const Icon = item.type === 'video' ? IconPlay : IconPhoto;
    return (
      <div className={box} aria-hidden="true">
        <Icon className="size-6" />
      </div>
    );
  }
  if (item.type === 'video') {
    return (
      <video
        src={item.previewUrl}
        muted
        playsInline
        preload="metadata"
        aria-hidden="true"
        className={clsx(box, 'object-cover')}
      />
    );
  }
  return <img src={item.previewUrl} alt="" className={clsx(box, 'object-cover')} />;
}

function MediaRow({
  item,
  disabled,
  onRemove,
  onDescription,
  onAnalyze,
}: {
  item: GeneratorMediaItem;
  disabled: boolean;
  onRemove: () => void;
  onDescription: (description: string) => void;
  onAnalyze: () => void;
}) {
  const descriptionId = useId();
  const analyzing = item.analysis === 'analyzing';
  const canAnalyze = item.file !== null && item.type === 'image' && !analyzing;
  return (
    <FileUploadRow
      fileName={item.fileName}
      preview={<Preview item={item} />}
      details={
        <>
          {item.type === 'video' ? 'Video' : 'Image'}
          {item.file ? ` · ${formatSize(item.file.size)}` : ''}
        </>
      }
      actions={
        <Button
          size="sm"
          variant="ghost"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${item.fileName}`}
        >
          Remove
        </Button>
      }
      notes={
        <>
          {analyzing ? (
            <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-brand-700">
              <Spinner label={null} size="sm" />
              {GENERATOR_TEXTS.describing}
            </p>
          ) : null}
          {item.analysis === 'failed' ? (
            <p className="mt-1 flex items-start gap-1 text-xs font-medium text-amber-800">
              <IconWarning aria-hidden="true" className="size-4 shrink-0" />
              It could not be described: describe it yourself, or try again.
            </p>
          ) : null}
          {item.file === null ? (
            <p className="mt-1 text-xs text-slate-500">{GENERATOR_TEXTS.mediaNotKept}</p>
          ) : null}
        </>
      }
    >
      <div className="mt-3">
        <div className="mb-1 flex items-end justify-between gap-2">
          <label htmlFor={descriptionId} className="block text-xs font-medium text-slate-700">
            Description<span className="sr-only"> of {item.fileName}</span>
          </label>
          {canAnalyze && item.analysis !== 'idle' ? (
            <button
              type="button"
              onClick={onAnalyze}
              disabled={disabled}
              className="-my-1 inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
            >
              <IconSparkles aria-hidden="true" className="size-3.5" />
              {GENERATOR_TEXTS.describeAgain}
              <span className="sr-only"> ({item.fileName})</span>
            </button>
          ) : null}
        </div>
        <textarea
          id={descriptionId}
          rows={2}
          value={item.description}
          onChange={(event) => onDescription(event.target.value)}
          maxLength={MEDIA_DESCRIPTION_MAX}
          disabled={disabled || analyzing}
          aria-busy={analyzing || undefined}
          placeholder={
            item.type === 'video'
              ? 'What the video shows, for the AI and for people who can’t see it'
              : 'What the image shows'
          }
          className={clsx(
            'block w-full resize-y rounded-lg border bg-white px-3 py-2 text-base leading-6 text-slate-900 shadow-xs sm:text-sm',
            controlStateClasses(false),
          )}
        />
      </div>
    </FileUploadRow>
  );
}

/** What the live region says about the media area: descriptions starting and arriving. */
const announcementOf = (items: readonly GeneratorMediaItem[]): string => {
  const analyzing = items.filter((item) => item.analysis === 'analyzing');
  if (analyzing.length) return `Describing ${analyzing.map((item) => item.fileName).join(', ')}`;
  const described = items.filter((item) => item.analysis === 'described');
  return described.length ? `${described.length} described` : '';
};

/**
 * The generator's optional media area: the campaign's media rules (JPG, PNG or GIF images and
 * MP4, MPEG or MOV videos, 10 MB each, at most 5), each refusal said; each file with its
 * description (images described by AI as they are added).
 */
export function GeneratorMediaField({
  media,
  disabled,
}: {
  media: GeneratorMediaState;
  disabled: boolean;
}) {
  const hintId = useId();
  const remaining = remainingSlots(0, media.items.length);

  const { refusals, clearRefusals, ...dropzone } = useMediaDropzone({
    remaining,
    disabled,
    onAccepted: (accepted) => media.add(accepted),
  });

  return (
    <fieldset aria-describedby={hintId} className="@container min-w-0">
      <legend className="text-sm font-medium text-slate-800">{GENERATOR_TEXTS.mediaLegend}</legend>
      <p id={hintId} className="mt-0.5 text-sm text-slate-500">
        {GENERATOR_TEXTS.mediaHint}
      </p>
      <FileDropArea
        dropzone={dropzone}
        label="Media files"
        title={GENERATOR_TEXTS.mediaDrop}
        guidance={
          remaining === 0
            ? 'Remove a file to choose another.'
            : `JPG, PNG or GIF images and MP4, MPEG or MOV videos, up to ${CAMPAIGN_MEDIA_MAX_SIZE_TEXT} each; ${remaining} of ${AI_MEDIA_FILES_MAX} left.`
        }
        full={remaining === 0}
        fullTitle={MEDIA_MESSAGES.tooMany}
        inputLabel="Choose media files"
        disabled={disabled}
        // Laid out by the column's width (two columns share a laptop screen), not the window's.
        className="mt-3 py-4 @md:flex-row @md:text-left"
      />
      <div className="mt-3 empty:hidden">
        <FileRefusals refusals={refusals} onDismiss={() => clearRefusals()} />
      </div>
      {media.items.length ? (
        <ul className="mt-3 space-y-2" aria-label="Chosen media">
          {media.items.map((item) => (
            <MediaRow
              key={item.id}
              item={item}
              disabled={disabled}
              onRemove={() => media.remove(item.id)}
              onDescription={(description) => media.setDescription(item.id, description)}
              onAnalyze={() => void media.analyze(item)}
            />
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {announcementOf(media.items)}
      </p>
    </fieldset>
  );
}
