import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import {
  CAMPAIGN_TOASTS,
  MEDIA_DESCRIPTION_MAX,
  MEDIA_USAGES,
  type MediaUsage,
} from '#shared/domain/campaigns';
import { PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import { FormModal } from '#web/components/form-modal';
import { SelectField } from '#web/components/select-field';
import { TextAreaField } from '#web/components/text-area-field';
import { isSessionEnded } from '#web/lib/error-text';
import { serverFieldError } from '#web/lib/form-errors';
import { updateMedia } from '../api/update-media';
import { withServerMessage } from '../failure-text';
import { USAGE_LABELS } from '../messages';
import { MediaPlatformsField } from './media-platforms-field';

const USAGE_OPTIONS = MEDIA_USAGES.map((value) => ({ value, label: USAGE_LABELS[value] }));

interface EditMediaModalProps {
  campaign: Campaign;
  asset: MediaAsset;
  onSaved: (asset: MediaAsset) => void;
  onClose: () => void;
}

/** 'Edit Media': a file's description, usage and platforms. */
export function EditMediaModal({ campaign, asset, onSaved, onClose }: EditMediaModalProps) {
  const [description, setDescription] = useState(asset.description);
  const [usage, setUsage] = useState<MediaUsage>(asset.usage);
  const [platforms, setPlatforms] = useState<PlatformId[]>(asset.platforms);
  const [saving, setSaving] = useState(false);
  /** The server's refusal of the description as it was sent; gone once it changes. */
  const [descriptionError, setDescriptionError] = useState<string | undefined>();
  const descriptionField = useRef<HTMLTextAreaElement>(null);
  // A refused description takes the focus once the dialog is enabled again, read with its message.
  useEffect(() => {
    if (descriptionError && !saving) descriptionField.current?.focus();
  }, [descriptionError, saving]);
  const offered = PLATFORM_IDS.filter(
    (platform) => campaign.platforms.includes(platform) || asset.platforms.includes(platform),
  );

  const save = async () => {
    setSaving(true);
    try {
      const saved = await updateMedia(campaign._id, asset._id, {
        description: description.trim(),
        usage,
        platforms,
      });
      toast.success(CAMPAIGN_TOASTS.mediaUpdated);
      onSaved(saved);
      onClose();
    } catch (error) {
      setSaving(false);
      if (isSessionEnded(error)) return;
      // A refusal of the description shows at it; any other in a toast.
      const refused = serverFieldError(error, 'description');
      if (refused) setDescriptionError(refused);
      else toast.error(withServerMessage(CAMPAIGN_TOASTS.mediaUpdateFailed, error));
    }
  };

  return (
    <FormModal
      onClose={onClose}
      busy={saving}
      title="Edit Media"
      description={asset.fileName}
      submitLabel={saving ? 'Saving...' : 'Save'}
      onSubmit={save}
      formClassName="space-y-5"
    >
      <TextAreaField
        label="Description"
        rows={3}
        ref={descriptionField}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setDescriptionError(undefined);
        }}
        maxLength={MEDIA_DESCRIPTION_MAX}
        disabled={saving}
        error={descriptionError}
        hint="What the file shows, for the AI and for people who can't see it."
      />
      <SelectField
        label="Usage"
        options={USAGE_OPTIONS}
        value={usage}
        onChange={(event) => setUsage(event.target.value as MediaUsage)}
        disabled={saving}
      />
      <MediaPlatformsField
        offered={offered}
        value={platforms}
        onChange={setPlatforms}
        disabled={saving}
      />
    </FormModal>
  );
}
