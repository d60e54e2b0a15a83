import { describe, expect, it } from 'vitest';
import type { GeneratingPost } from '#shared/contract/content';
import { makeContent } from '#web/test/fixtures';
import { CALM_REFRESH_MS, LIVE_REFRESH_MS, refreshIntervalFor } from './live-refresh';

const NOW = Date.parse('2026-11-27T16:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const writing: GeneratingPost = {
  _id: 'cg1',
  platform: 'twitter',
  stage: 'drafting',
  progress: 40,
  createdAt: inMinutes(-1),
};

describe('refreshIntervalFor', () => {
  it('reads every minute when nothing on screen is about to change', () => {
    expect(refreshIntervalFor([], [], NOW)).toBe(CALM_REFRESH_MS);
    expect(
      refreshIntervalFor(
        [
          makeContent(),
          makeContent({ status: 'scheduled', scheduledFor: inMinutes(61) }),
          makeContent({ status: 'published', publishedAt: inMinutes(-5) }),
          makeContent({ status: 'failed' }),
        ],
        [],
        NOW,
      ),
    ).toBe(CALM_REFRESH_MS);
  });

  it('reads every few seconds while a post is written, published, or due within the hour', () => {
    expect(refreshIntervalFor([], [writing], NOW)).toBe(LIVE_REFRESH_MS);
    expect(refreshIntervalFor([makeContent({ status: 'publishing' })], [], NOW)).toBe(
      LIVE_REFRESH_MS,
    );
    expect(
      refreshIntervalFor(
        [makeContent({ status: 'scheduled', scheduledFor: inMinutes(60) })],
        [],
        NOW,
      ),
    ).toBe(LIVE_REFRESH_MS);
    // Past its time and not yet taken by the publisher: about to go.
    expect(
      refreshIntervalFor(
        [makeContent({ status: 'scheduled', scheduledFor: inMinutes(-2) })],
        [],
        NOW,
      ),
    ).toBe(LIVE_REFRESH_MS);
  });
});
