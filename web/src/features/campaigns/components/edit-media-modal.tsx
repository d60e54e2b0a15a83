import { useState } from 'react';
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
      if (!isSessionEnded(error)) {
        toast.error(withServerMessage(CAMPAIGN_TOASTS.mediaUpdateFailed, error));
      }
      setSaving(false);
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
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={MEDIA_DESCRIPTION_MAX}
        disabled={saving}
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
