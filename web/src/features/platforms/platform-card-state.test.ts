import { describe, expect, it } from 'vitest';
import { makeCredential } from '#web/test/fixtures';
import { platformCardState } from './platform-card-state';

describe('platformCardState', () => {
  it('offers Connect Now for a platform of the tier that is not connected', () => {
    expect(platformCardState('twitter', 'intro', [])).toEqual({
      kind: 'connect',
      platform: 'twitter',
    });
  });

  it('offers Upgrade outside the tier, naming the cheapest plan that has it', () => {
    expect(platformCardState('linkedin', 'intro', [])).toEqual({
      kind: 'upgrade',
      platform: 'linkedin',
      lowestTierName: 'Gold',
    });
    expect(platformCardState('linkedin', 'gold', []).kind).toBe('connect');
  });

  it('gates Facebook from Silver and Instagram at Platinum, as the tiers sell them', () => {
    expect(platformCardState('facebook', 'intro', [])).toEqual({
      kind: 'upgrade',
      platform: 'facebook',
      lowestTierName: 'Silver',
    });
    expect(platformCardState('facebook', 'silver', [])).toEqual({
      kind: 'connect',
      platform: 'facebook',
    });
    expect(platformCardState('instagram', 'silver', [])).toEqual({
      kind: 'upgrade',
      platform: 'instagram',
      lowestTierName: 'Platinum',
    });
    expect(platformCardState('instagram', 'gold', []).kind).toBe('upgrade');
    expect(platformCardState('instagram', 'platinum', [])).toEqual({
      kind: 'connect',
      platform: 'instagram',
    });
  });

  it('shows a connected Page on a plan that no longer includes it as connected, out of the tier', () => {
    const page = makeCredential({ _id: 'cred-fb', platform: 'facebook', handle: 'Harbor Coffee' });
    expect(platformCardState('facebook', 'intro', [page])).toMatchObject({
      kind: 'connected',
      inTier: false,
    });
  });

  it('is connected with a connected credential, compared case-insensitively', () => {
    const credential = makeCredential({ platform: 'twitter' });
    expect(platformCardState('twitter', 'intro', [credential])).toEqual({
      kind: 'connected',
      platform: 'twitter',
      credential,
      needsReconnection: false,
      inTier: true,
    });
    const disconnected = makeCredential({ metadata: { connected: false } });
    expect(platformCardState('twitter', 'intro', [disconnected]).kind).toBe('connect');
  });

  it('carries needsReconnection, and a plan that no longer includes the platform', () => {
    const linkedin = makeCredential({
      _id: 'cred-in',
      platform: 'linkedin',
      needsReconnection: true,
    });
    expect(platformCardState('linkedin', 'intro', [linkedin])).toMatchObject({
      kind: 'connected',
      needsReconnection: true,
      inTier: false,
    });
  });
});
