import type { Campaign, CampaignSummary } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import { DEFAULT_SCHEDULE_MODE } from '#shared/domain/post-results';
import type { CampaignRecord } from '../core/db/entities/campaign';

/** A campaign as the list shows it: every field but its media and generated content. */
export const toCampaignSummary = (record: CampaignRecord): CampaignSummary => ({
  _id: record.campaignId,
  name: record.name,
  description: record.description,
  company: record.companyId,
  startDate: record.startDate,
  endDate: record.endDate,
  status: record.status,
  platforms: record.platforms,
  campaignIntention: record.campaignIntention,
  contentSeeds: {
    brandVoice: record.contentSeeds.brandVoice,
    keyMessages: record.contentSeeds.keyMessages,
    contentInstructions: record.contentSeeds.contentInstructions,
  },
  schedule: {
    timeZone: record.schedule.timeZone,
    days: record.schedule.days,
    times: record.schedule.times,
    mode: record.schedule.mode ?? DEFAULT_SCHEDULE_MODE,
  },
  mediaCount: record.mediaCount,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** A campaign with its media assets (already presigned) — every field of spec 2 §3. */
export const toCampaign = (record: CampaignRecord, mediaAssets: MediaAsset[]): Campaign => {
  const { mediaCount: _mediaCount, ...summary } = toCampaignSummary(record);
  return {
    ...summary,
    contentSeeds: { ...summary.contentSeeds, mediaAssets },
    // Generated content arrives with its issue.
    generatedContent: [],
  };
};
