import type { ActivityItem, CompanyOverview } from '#shared/contract/companies';
import { RECENT_ACTIVITY_ITEMS, UP_NEXT_POSTS } from '#shared/domain/limits';
import { CONNECTABLE_PLATFORMS, PLATFORMS } from '#shared/domain/tiers';
import type { Caller } from '../core/auth/authenticate';
import { loadOwnedCompanyWith, type ItemKey } from '../domain/ownership/owned-company';
import { toCompany } from '../domain/companies/company-view';
import { upcomingPosts } from '../domain/publishing/company-agenda';
import { campaignEntity } from '../core/db/entities/campaign';
import {
  campaignCountsEntity,
  campaignCountsOf,
  type CampaignCountsRecord,
} from '../core/db/entities/campaign-counts';
import { morningReportEntity, type MorningReportRecord } from '../core/db/entities/morning-report';
import {
  credentialIdFor,
  platformCredentialEntity,
  type PlatformCredentialRecord,
} from '../core/db/entities/platform-credential';
import { lastMorningOf } from '../domain/companies/morning-report';

const keyOf = (params: { Key: ItemKey }) => params.Key;

/**
 * Recent Activity: the newest three active campaigns; else draft ones; else connected accounts.
 * One query of the status index, only when there are active or draft campaigns.
 */
const recentActivityOf = async (
  companyId: string,
  counts: ReturnType<typeof campaignCountsOf>,
  credentials: PlatformCredentialRecord[],
): Promise<ActivityItem[]> => {
  const status = counts.active > 0 ? 'active' : counts.draft > 0 ? 'draft' : null;
  if (!status) {
    return credentials.slice(0, RECENT_ACTIVITY_ITEMS).map((credential) => ({
      id: credential.credentialId,
      kind: 'platform',
      text: `Connected ${PLATFORMS[credential.platform].name} account`,
      date: credential.createdAt,
    }));
  }
  const { data } = await campaignEntity()
    .query.byCompanyStatus({ companyId, status })
    .go({ order: 'desc', limit: RECENT_ACTIVITY_ITEMS, attributes: ['campaignId', 'name'] });
  return data.map((campaign) => ({
    id: campaign.campaignId,
    kind: status === 'active' ? 'campaign-active' : 'campaign-draft',
    text: `Campaign "${campaign.name}" is ${status === 'active' ? 'active' : 'in draft'}`,
    date: null,
  }));
};

/**
 * The company overview in at most two rounds of DynamoDB reads:
 * 1. one strongly consistent BatchGetItem — the company (checked to be the caller's), its
 *    campaign counts, its X and LinkedIn credentials (their ids derive from the company) and how
 *    its last morning went;
 * 2. at once: Recent Activity's query (recentActivityOf), and one query of the company's timeline
 *    for Up next, its next posts going out of every campaign.
 */
export const companyOverview = async (
  companyId: string,
  caller: Caller,
): Promise<CompanyOverview> => {
  const credentialKeys = Object.fromEntries(
    CONNECTABLE_PLATFORMS.map((platform) => [
      platform,
      keyOf(
        platformCredentialEntity()
          .get({ companyId, credentialId: credentialIdFor(companyId, platform) })
          .params(),
      ),
    ]),
  ) as Record<(typeof CONNECTABLE_PLATFORMS)[number], ItemKey>;
  const { company, items } = await loadOwnedCompanyWith(companyId, caller, {
    counts: keyOf(campaignCountsEntity().get({ companyId }).params()),
    morning: keyOf(morningReportEntity().get({ companyId }).params()),
    ...credentialKeys,
  });
  const morning = items.morning
    ? (morningReportEntity().parse({ Item: items.morning }).data as MorningReportRecord | null)
    : null;
  const counts = campaignCountsOf(
    items.counts
      ? (campaignCountsEntity().parse({ Item: items.counts }).data as CampaignCountsRecord)
      : null,
  );
  const credentials = CONNECTABLE_PLATFORMS.flatMap((platform) => {
    const item = items[platform];
    const record = item
      ? (platformCredentialEntity().parse({ Item: item }).data as PlatformCredentialRecord | null)
      : null;
    return record?.connected ? [record] : [];
  });

  const [recentActivity, upNext] = await Promise.all([
    recentActivityOf(companyId, counts, credentials),
    upcomingPosts(companyId, UP_NEXT_POSTS),
  ]);

  return {
    company: toCompany(company),
    campaigns: {
      total: counts.total,
      active: counts.active,
      draft: counts.draft,
      paused: counts.paused,
      completed: counts.completed,
    },
    recentActivity,
    upNext,
    connectedPlatforms: credentials.map((credential) => ({
      platform: credential.platform,
      needsReconnection: credential.needsReconnection,
    })),
    lastMorning: lastMorningOf(morning),
  };
};
