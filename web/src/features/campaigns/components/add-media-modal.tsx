import clsx from 'clsx';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import {
  CAMPAIGN_MEDIA_MAX_SIZE_TEXT,
  CAMPAIGN_TOASTS,
  DEFAULT_MEDIA_USAGE,
  MAX_CAMPAIGN_MEDIA,
  MEDIA_DESCRIPTION_MAX,
  MEDIA_USAGES,
  type MediaUsage,
} from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { Button } from '#web/components/button';
import { controlStateClasses } from '#web/components/field';
import { IconCheckCircle, IconWarning } from '#web/components/icons';
import { Modal } from '#web/components/modal';
import { ProgressTrack } from '#web/components/progress-bar';
import { SelectField } from '#web/components/select-field';
import { formatSize, remainingSlots } from '../campaign-media-files';
import { USAGE_LABELS } from '../messages';
import { useCampaignMediaUploads, type UploadItem } from '../use-campaign-media-uploads';
import { MediaDropArea } from './media-drop-area';
import { MediaPlatformsField } from './media-platforms-field';
import { FilePreview } from '#web/components/file-preview';
import { MediaRefusals } from './media-refusals';
import { useMediaDropzone } from '../use-media-dropzone';

const USAGE_OPTIONS = MEDIA_USAGES.map((value) => ({ value, label: USAGE_LABELS[value] }));

interface AddMediaModalProps {
  campaign: Campaign;
  /** The new media assets, as they were added (even when others failed). */
  onAdded: (assets: MediaAsset[]) => void;
  onClose: () => void;
}

function Status({ item }: { item: UploadItem }) {
  const percent = Math.round(item.progress * 100);
  switch (item.status) {
    case 'ready':
      return null;
    case 'uploading':
    case 'saving':
      return (
        <div className="mt-2">
          <ProgressTrack
            label={`Uploading ${item.file.name}`}
            valueText={item.status === 'saving' ? 'Uploaded, adding it' : `${percent}% uploaded`}
            value={{ now: percent, max: 100 }}
            fill={{ className: 'transition-[width] duration-200', style: { width: `${percent}%` } }}
          />
          <p className="mt-1 text-xs text-slate-500 tabular-nums" aria-hidden="true">
            {item.status === 'saving' ? 'Adding to the campaign…' : `Uploading… ${percent}%`}
          </p>
        </div>
      );
    case 'added':
      return (
        <p className="mt-1.5 flex items-center gap-1 text-xs font-medium text-emerald-700">
          <IconCheckCircle aria-hidden="true" className="size-4" />
          Added
        </p>
      );
    case 'failed':
      return (
        <p className="mt-1.5 flex items-start gap-1 text-xs font-medium text-red-700">
          <IconWarning aria-hidden="true" className="size-4 shrink-0" />
          {item.error}
        </p>
      );
  }
}

/** What the live region says about a file: its state changes, never each percent. */
const announcementOf = (item: UploadItem): string => {
  switch (item.status) {
    case 'ready':
      return '';
    case 'uploading':
      return `Uploading ${item.file.name}`;
    case 'saving':
      return `${item.file.name} uploaded`;
    case 'added':
      return `${item.file.name} added`;
    case 'failed':
      return `${item.file.name} failed to upload: ${item.error ?? ''}`;
  }
};

function UploadRow({
  item,
  busy,
  onRemove,
  onDescription,
}: {
  item: UploadItem;
  busy: boolean;
  onRemove: () => void;
  onDescription: (description: string) => void;
}) {
  const descriptionId = useId();
  const editable = !busy && (item.status === 'ready' || item.status === 'failed');
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex gap-3">
        <FilePreview url={item.previewUrl} isVideo={item.file.type.startsWith('video/')} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </p>
              <p className="text-xs text-slate-500">{formatSize(item.file.size)}</p>
            </div>
            {editable ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={onRemove}
                aria-label={`Remove ${item.file.name}`}
              >
                Remove
              </Button>
            ) : null}
          </div>
          <Status item={item} />
          <p role="status" className="sr-only">
            {announcementOf(item)}
          </p>
        </div>
      </div>
      {item.status !== 'added' ? (
        <div className="mt-3">
          <label htmlFor={descriptionId} className="mb-1 block text-xs font-medium text-slate-700">
            Description<span className="sr-only"> of {item.file.name}</span>{' '}
            <span className="font-normal text-slate-500">
              (what it shows, for the AI and for people who can't see it)
            </span>
          </label>
          <input
            id={descriptionId}
            type="text"
            value={item.description}
            onChange={(event) => onDescription(event.target.value)}
            maxLength={MEDIA_DESCRIPTION_MAX}
            disabled={!editable}
            placeholder="Latte art on the bar at opening time"
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

/**
 * 'Add Media': a drop zone (and 'Select Files') held to the campaign's types, 10 MB a file and 5
 * files a campaign, each refusal said; a description per file, the usage and platforms for all;
 * Upload sends each file with its own progress bar (presigned POST, then the confirm call).
 */
export function AddMediaModal({ campaign, onAdded, onClose }: AddMediaModalProps) {
  const formId = useId();
  const guidanceId = useId();
  const uploads = useCampaignMediaUploads(campaign._id);
  // Counted as the dialog opened: the files added here are counted as its items.
  const [existing] = useState(campaign.contentSeeds.mediaAssets.length);
  const [usage, setUsage] = useState<MediaUsage>(DEFAULT_MEDIA_USAGE);
  const [platforms, setPlatforms] = useState<PlatformId[]>(campaign.platforms);
  const [sending, setSending] = useState(false);
  const busy = sending || uploads.busy;
  const remaining = remainingSlots(existing, uploads.items.length);

  const { refusals, clearRefusals, ...dropzone } = useMediaDropzone({
    remaining,
    disabled: busy,
    onAccepted: (accepted) => uploads.add(accepted),
  });

  const toSend = uploads.pending.length;
  const submit = async () => {
    if (busy || toSend === 0) return;
    clearRefusals();
    setSending(true);
    const { added, failed } = await uploads.uploadAll({ usage, platforms });
    setSending(false);
    if (added.length) onAdded(added);
    if (failed === 0) {
      toast.success(CAMPAIGN_TOASTS.mediaUploaded);
      onClose();
    } else {
      toast.error(CAMPAIGN_TOASTS.uploadFailed);
    }
  };

  const uploadLabel = busy
    ? 'Uploading...'
    : uploads.items.some((item) => item.status === 'failed')
      ? 'Try again'
      : toSend > 1
        ? `Upload ${toSend} files`
        : 'Upload';

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      title="Add Media"
      description={`Images (JPG, PNG or GIF) and videos (MP4, MPEG or MOV), up to ${CAMPAIGN_MEDIA_MAX_SIZE_TEXT} each; at most ${MAX_CAMPAIGN_MEDIA} files a campaign.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={toSend === 0} loading={busy}>
            {uploadLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is a portal: its submit must not reach a form around the page's section.
          event.stopPropagation();
          void submit();
        }}
      >
        <MediaDropArea
          dropzone={dropzone}
          label="Files"
          title="Drag files here, or select them"
          guidance={
            remaining === 0
              ? existing >= MAX_CAMPAIGN_MEDIA
                ? 'Delete a file from the campaign to add another.'
                : 'Remove a file here to choose another.'
              : `${remaining} more ${remaining === 1 ? 'file' : 'files'} can be added to this campaign.`
          }
          guidanceId={guidanceId}
          full={remaining === 0}
          disabled={busy}
          className="py-5 sm:flex-row sm:text-left"
        />
        <MediaRefusals refusals={refusals} onDismiss={() => clearRefusals()} />
        {uploads.items.length ? (
          <ul className="space-y-2" aria-label="Chosen files">
            {uploads.items.map((item) => (
              <UploadRow
                key={item.id}
                item={item}
                busy={busy}
                onRemove={() => uploads.remove(item.id)}
                onDescription={(description) => uploads.setDescription(item.id, description)}
              />
            ))}
          </ul>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Usage"
            options={USAGE_OPTIONS}
            value={usage}
            onChange={(event) => setUsage(event.target.value as MediaUsage)}
            disabled={busy}
            hint="How these files are meant to be used in the posts."
          />
          <MediaPlatformsField
            offered={campaign.platforms}
            value={platforms}
            onChange={setPlatforms}
            disabled={busy}
          />
        </div>
      </form>
    </Modal>
  );
}
