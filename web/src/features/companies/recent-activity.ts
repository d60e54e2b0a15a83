import type { ActivityItem } from '#shared/contract/companies';
import { formatDate } from '#web/lib/format';

/**
 * What Recent Activity shows beside an item (the server chooses the items: up to 3 active
 * campaigns; else drafts; else connected accounts): a connection's created date, or 'Recently'
 * when it has none; nothing beside a campaign.
 */
export const activityDetail = (item: ActivityItem): string | undefined => {
  if (item.kind !== 'platform') return undefined;
  return (item.date && formatDate(item.date)) || 'Recently';
};

export const NO_RECENT_ACTIVITY = 'No recent activity to display.';
