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
  MEDIA_MESSAGES,
  MEDIA_USAGES,
  type MediaUsage,
} from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { Button } from '#web/components/button';
import { FilePreview } from '#web/components/file-preview';
import { FormModal } from '#web/components/form-modal';
import { FileDropArea } from '#web/components/file-drop-area';
import { FileRefusals } from '#web/components/file-refusals';
import { FileNoteField, FileUploadRow, type UploadView } from '#web/components/file-upload-row';
import { SelectField } from '#web/components/select-field';
import { formatSize } from '#web/lib/format';
import { remainingSlots } from '../campaign-media-files';
import { USAGE_LABELS } from '../messages';
import { useCampaignMediaUploads, type UploadItem } from '../use-campaign-media-uploads';
import { MediaPlatformsField } from './media-platforms-field';
import { useMediaDropzone } from '../use-media-dropzone';

const USAGE_OPTIONS = MEDIA_USAGES.map((value) => ({ value, label: USAGE_LABELS[value] }));

interface AddMediaModalProps {
  campaign: Campaign;
  /** The new media assets, as they were added (even when others failed). */
  onAdded: (assets: MediaAsset[]) => void;
  onClose: () => void;
}

/** How the row shows an item's upload; 'saving': every byte is sent, the campaign is taking it. */
const uploadViewOf = (item: UploadItem): UploadView => {
  const percent = Math.round(item.progress * 100);
  switch (item.status) {
    case 'ready':
      return { stage: 'chosen' };
    case 'uploading':
      return { stage: 'sending', percent };
    case 'saving':
      return {
        stage: 'sending',
        percent,
        valueText: 'Uploaded, adding it',
        caption: 'Adding to the campaign…',
        announcement: `${item.file.name} uploaded`,
      };
    case 'added':
      return { stage: 'done', label: 'Added' };
    case 'failed':
      return { stage: 'failed', error: item.error };
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
  const editable = !busy && (item.status === 'ready' || item.status === 'failed');
  return (
    <FileUploadRow
      fileName={item.file.name}
      preview={<FilePreview url={item.previewUrl} isVideo={item.file.type.startsWith('video/')} />}
      details={formatSize(item.file.size)}
      actions={
        editable ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={`Remove ${item.file.name}`}
          >
            Remove
          </Button>
        ) : null
      }
      upload={uploadViewOf(item)}
    >
      {item.status !== 'added' ? (
        <FileNoteField
          label="Description"
          labelEnd={`of ${item.file.name}`}
          purpose="what it shows, for the AI and for people who can't see it"
          value={item.description}
          onChange={onDescription}
          maxLength={MEDIA_DESCRIPTION_MAX}
          disabled={!editable}
          placeholder="Latte art on the bar at opening time"
        />
      ) : null}
    </FileUploadRow>
  );
}

/**
 * 'Add Media': a drop zone (and 'Select Files') held to the campaign's types, 10 MB a file and 5
 * files a campaign, each refusal said; a description per file, the usage and platforms for all;
 * Upload sends each file with its own progress bar (presigned POST, then the confirm call).
 */
export function AddMediaModal({ campaign, onAdded, onClose }: AddMediaModalProps) {
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
    : uploads.retryable.length > 0
      ? 'Try again'
      : toSend > 1
        ? `Upload ${toSend} files`
        : 'Upload';

  return (
    <FormModal
      onClose={onClose}
      busy={busy}
      size="lg"
      title="Add Media"
      description={`Images (JPG, PNG or GIF) and videos (MP4, MPEG or MOV), up to ${CAMPAIGN_MEDIA_MAX_SIZE_TEXT} each; at most ${MAX_CAMPAIGN_MEDIA} files a campaign.`}
      submitLabel={uploadLabel}
      submitDisabled={toSend === 0}
      onSubmit={submit}
      formClassName="space-y-5"
    >
      <FileDropArea
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
        fullTitle={MEDIA_MESSAGES.tooMany}
        inputLabel="Choose media files"
        disabled={busy}
        className="py-5 sm:flex-row sm:text-left"
      />
      <FileRefusals refusals={refusals} onDismiss={() => clearRefusals()} />
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
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
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
    </FormModal>
  );
}
