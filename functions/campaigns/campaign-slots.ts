import type { CampaignRecord } from '../core/db/entities/campaign';
import { logger } from '../core/logger';
import { reslotCampaign } from '../domain/publishing/slotting';

/** What decides a campaign's slots: whether it runs, its dates, and its schedule. */
const slotsOf = (campaign: CampaignRecord) =>
  JSON.stringify([
    campaign.status,
    campaign.startDate,
    campaign.endDate,
    campaign.schedule.timeZone,
    [...campaign.schedule.days].sort(),
    [...campaign.schedule.times].sort(),
  ]);

/**
 * After a campaign changed: when its slots changed (paused, resumed, ended, new dates or
 * schedule), its scheduled posts leave their slots and, while it is active, its approved posts
 * take the new ones. A change of name or seeds moves nothing.
 */
export const reslotWhenItMatters = async (
  before: CampaignRecord,
  after: CampaignRecord,
): Promise<void> => {
  if (slotsOf(before) === slotsOf(after)) return;
  await reslotCampaign(after, logger);
};
