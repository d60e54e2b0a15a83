import { describe, expect, it } from 'vitest';
import {
  connectedPlatforms,
  recentActivity,
  type CampaignSummary,
  type PlatformConnection,
} from './recent-activity';

const campaign = (id: string, status: string): CampaignSummary => ({
  _id: id,
  name: `Campaign ${id}`,
  status,
});
const connection = (id: string, platform: string, createdAt?: string): PlatformConnection => ({
  _id: id,
  platform,
  createdAt,
  metadata: { connected: true },
});

describe('recentActivity', () => {
  it('lists up to 3 active campaigns first', () => {
    const items = recentActivity({
      campaigns: [
        campaign('a', 'active'),
        campaign('d', 'draft'),
        campaign('b', 'active'),
        campaign('c', 'ACTIVE'),
        campaign('e', 'active'),
      ],
      connectedPlatforms: [connection('p', 'twitter')],
    });
    expect(items.map((item) => item.text)).toEqual([
      'Campaign "Campaign a" is active',
      'Campaign "Campaign b" is active',
      'Campaign "Campaign c" is active',
    ]);
  });

  it('falls back to up to 3 drafts', () => {
    const items = recentActivity({
      campaigns: [
        campaign('a', 'draft'),
        campaign('b', 'completed'),
        campaign('c', 'draft'),
        campaign('d', 'draft'),
        campaign('e', 'draft'),
      ],
      connectedPlatforms: [connection('p', 'twitter')],
    });
    expect(items.map((item) => item.text)).toEqual([
      'Campaign "Campaign a" is in draft',
      'Campaign "Campaign c" is in draft',
      'Campaign "Campaign d" is in draft',
    ]);
  });

  it('then lists connected platforms with their date, or Recently', () => {
    const items = recentActivity({
      campaigns: [campaign('x', 'completed')],
      connectedPlatforms: [
        connection('p1', 'Twitter', '2026-11-03T10:00:00.000Z'),
        { _id: 'p2', platform: 'linkedin', metadata: { connected: false } },
        connection('p3', 'linkedin'),
        connection('p4', 'twitter'),
        connection('p5', 'linkedin'),
      ],
    });
    expect(items).toEqual([
      { id: 'p1', kind: 'platform', text: 'Connected X (Twitter) account', detail: 'Nov 3, 2026' },
      { id: 'p3', kind: 'platform', text: 'Connected LinkedIn account', detail: 'Recently' },
      { id: 'p4', kind: 'platform', text: 'Connected X (Twitter) account', detail: 'Recently' },
    ]);
  });

  it('is empty with nothing to show', () => {
    expect(recentActivity({ campaigns: [], connectedPlatforms: [] })).toEqual([]);
  });
});

describe('connectedPlatforms', () => {
  it("lists each connected platform once, in the app's order, with reconnection needs", () => {
    expect(
      connectedPlatforms([
        connection('p1', 'linkedin'),
        { ...connection('p2', 'Twitter'), needsReconnection: true },
        connection('p3', 'twitter'),
        { _id: 'p4', platform: 'facebook', metadata: { connected: false } },
      ]),
    ).toEqual([
      { platform: 'twitter', needsReconnection: true },
      { platform: 'linkedin', needsReconnection: false },
    ]);
  });
});
