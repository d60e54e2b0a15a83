import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { RECENT_ACTIVITY_ITEMS } from '#shared/domain/limits';
import { formatDate } from '#web/lib/format';

/** A campaign as the overview needs it (GET /campaigns/company/{companyId}). */
export interface CampaignSummary {
  _id: string;
  name: string;
  status: string;
}

/** A platform credential as the overview needs it (GET /companies/{companyId}/platform-credentials). */
export interface PlatformConnection {
  _id: string;
  /** Compared case-insensitively. */
  platform: string;
  createdAt?: string | null;
  metadata?: { connected?: boolean } | null;
  /** The provider refused the account: it cannot post until the owner reconnects it. */
  needsReconnection?: boolean;
}

export interface ActivityItem {
  id: string;
  kind: 'campaign-active' | 'campaign-draft' | 'platform';
  text: string;
  /** The connection's created date, or 'Recently'; campaigns have none. */
  detail?: string;
}

export const isConnected = (connection: PlatformConnection): boolean =>
  connection.metadata?.connected !== false;

export const platformName = (platform: string): string =>
  PLATFORMS[platform.toLowerCase() as PlatformId]?.name ?? platform;

/**
 * The platforms the company has connected, each once, in the order the app lists platforms,
 * with whether one of its accounts needs reconnecting.
 */
export const connectedPlatforms = (
  connections: readonly PlatformConnection[],
): { platform: PlatformId; needsReconnection: boolean }[] =>
  PLATFORM_IDS.flatMap((platform) => {
    const accounts = connections.filter(
      (connection) => isConnected(connection) && connection.platform.toLowerCase() === platform,
    );
    if (accounts.length === 0) return [];
    return [{ platform, needsReconnection: accounts.some((account) => account.needsReconnection) }];
  });

export const countCampaigns = (campaigns: readonly CampaignSummary[], status: string): number =>
  campaigns.filter((campaign) => campaign.status.toLowerCase() === status).length;

/**
 * Recent Activity: up to 3 active campaigns; if none, up to 3 drafts; if none, up to 3
 * connected platform accounts with their created date or 'Recently'; otherwise nothing (the
 * screen then says 'No recent activity to display.').
 */
export const recentActivity = ({
  campaigns,
  connectedPlatforms,
}: {
  campaigns: readonly CampaignSummary[];
  connectedPlatforms: readonly PlatformConnection[];
}): ActivityItem[] => {
  const withStatus = (status: string) =>
    campaigns
      .filter((campaign) => campaign.status.toLowerCase() === status)
      .slice(0, RECENT_ACTIVITY_ITEMS);

  const active = withStatus('active');
  if (active.length) {
    return active.map((campaign) => ({
      id: campaign._id,
      kind: 'campaign-active',
      text: `Campaign "${campaign.name}" is active`,
    }));
  }
  const drafts = withStatus('draft');
  if (drafts.length) {
    return drafts.map((campaign) => ({
      id: campaign._id,
      kind: 'campaign-draft',
      text: `Campaign "${campaign.name}" is in draft`,
    }));
  }
  return connectedPlatforms
    .filter(isConnected)
    .slice(0, RECENT_ACTIVITY_ITEMS)
    .map((connection) => ({
      id: connection._id,
      kind: 'platform',
      text: `Connected ${platformName(connection.platform)} account`,
      detail: (connection.createdAt && formatDate(connection.createdAt)) || 'Recently',
    }));
};

export const NO_RECENT_ACTIVITY = 'No recent activity to display.';
