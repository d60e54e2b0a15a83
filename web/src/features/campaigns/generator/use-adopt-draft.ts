import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { CampaignDraft } from '#shared/contract/ai';
import type { Company } from '#shared/contract/companies';
import { AI_CAMPAIGN_TEXTS } from '#shared/domain/ai-campaigns';
import { CAMPAIGN_TOASTS, DEFAULT_MEDIA_USAGE } from '#shared/domain/campaigns';
import { track } from '#web/lib/analytics';
import { ApiError } from '#web/lib/api-client';
import { isSessionEnded } from '#web/lib/error-text';
import { useCreateCampaign } from '../api/create-campaign';
import { useCampaignCache } from '../api/campaign-cache';
import { withServerMessage } from '../failure-text';
import { uploadCampaignMedia, type MediaUploadDetails } from '../upload-campaign-media';
import { useCampaignHistoryCache } from './api/campaign-history';
import { campaignBodyFromDraft, mediaDescriptionOf } from './draft-to-campaign';
import type { Version } from './history';
import type { GeneratorMediaItem } from './use-generator-media';
import { GENERATOR_TEXTS } from './generator-texts';

/** Where 'Use This Campaign' is. */
export type AdoptPhase =
  | { step: 'idle' }
  | { step: 'creating' }
  | { step: 'uploading'; fileName: string; index: number; count: number; progress: number };

/** A file of the media area with what the draft says of it (matched by name, in order). */
const uploadsFor = (
  draft: CampaignDraft,
  items: readonly GeneratorMediaItem[],
): { file: File; details: MediaUploadDetails }[] => {
  const used = new Set<number>();
  return items.flatMap((item, index) => {
    if (!item.file) return [];
    const sameIndex = draft.mediaAssets[index]?.fileName === item.fileName ? index : -1;
    const position =
      sameIndex >= 0 && !used.has(sameIndex)
        ? sameIndex
        : draft.mediaAssets.findIndex(
            (asset, candidate) => asset.fileName === item.fileName && !used.has(candidate),
          );
    const asset = position >= 0 ? draft.mediaAssets[position] : undefined;
    if (position >= 0) used.add(position);
    return [
      {
        file: item.file,
        details: {
          description: mediaDescriptionOf(asset?.description || item.description),
          usage: asset?.usage ?? DEFAULT_MEDIA_USAGE,
          platforms: [...(asset?.platforms ?? draft.platforms)],
        },
      },
    ];
  });
};

/** The server refused: this version is already a campaign (made in another tab, or before). */
const isAlreadyUsed = (error: unknown) =>
  error instanceof ApiError && error.code === 'GENERATION_ALREADY_USED';

/**
 * 'Use This Campaign': POST /campaigns with the draft (a draft campaign from today for 30 days in
 * the company's zone, the company's default schedule) and the version it is made from, then each
 * file of the media area still in memory through the campaign media upload (presigned POST, the
 * file with its progress, confirm) with the draft's usage, description and platforms for it. A
 * failed upload is reported and the campaign stays; then 'Campaign created successfully' and the
 * campaign's page. One at a time; the server makes one campaign per version however often it is
 * asked, and when another tab was first the history is read again so the version offers its
 * campaign instead.
 */
export const useAdoptDraft = (company: Company, campaignsPath: string) => {
  const navigate = useNavigate();
  const createCampaign = useCreateCampaign();
  const { refreshCampaign } = useCampaignCache();
  const history = useCampaignHistoryCache(company._id);
  const [phase, setPhase] = useState<AdoptPhase>({ step: 'idle' });
  const busy = useRef(false);

  const adopt = async (version: Version, items: readonly GeneratorMediaItem[]) => {
    if (busy.current) return;
    busy.current = true;
    setPhase({ step: 'creating' });
    const draft = version.data.campaign;
    let campaignId: string;
    try {
      const created = await createCampaign({
        ...campaignBodyFromDraft(company._id, draft, company.timeZone),
        fromGeneration: version._id,
      });
      campaignId = created._id;
    } catch (error) {
      if (isAlreadyUsed(error)) await history.refresh().catch(() => undefined);
      busy.current = false;
      setPhase({ step: 'idle' });
      if (isSessionEnded(error)) return;
      if (isAlreadyUsed(error)) toast(AI_CAMPAIGN_TEXTS.alreadyUsed);
      else toast.error(withServerMessage(CAMPAIGN_TOASTS.createFailed, error));
      return;
    }
    history.markAdopted(version._id, campaignId);
    track('campaign_create', { source: 'ai' });

    const uploads = uploadsFor(draft, items);
    const failed: string[] = [];
    for (const [index, { file, details }] of uploads.entries()) {
      const at = { fileName: file.name, index: index + 1, count: uploads.length };
      setPhase({ step: 'uploading', ...at, progress: 0 });
      try {
        await uploadCampaignMedia(campaignId, file, details, {
          onProgress: (progress) => setPhase({ step: 'uploading', ...at, progress }),
        });
      } catch (error) {
        if (isSessionEnded(error)) return;
        failed.push(file.name);
      }
    }
    if (uploads.length) refreshCampaign(campaignId);

    const left = items.filter((item) => !item.file).map((item) => item.fileName);
    toast.success(CAMPAIGN_TOASTS.created);
    if (failed.length) {
      toast.error(
        `${CAMPAIGN_TOASTS.uploadFailed}: ${failed.join(', ')}. ${GENERATOR_TEXTS.addLater(failed.length)}`,
        {
          duration: 8000,
        },
      );
    }
    if (left.length) {
      toast(`${GENERATOR_TEXTS.notKept(left)} ${GENERATOR_TEXTS.addLater(left.length)}`, {
        duration: 8000,
      });
    }
    navigate(`${campaignsPath}/${campaignId}`);
  };

  return { adopt, phase, busy: phase.step !== 'idle' };
};
