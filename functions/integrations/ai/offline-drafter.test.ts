import { describe, expect, it } from 'vitest';
import { HARBOR_COFFEE } from '#test/support/test-site';
import { brandVoiceFrom, offlineDrafter } from './offline-drafter';
import { summarisePage } from './page-summary';

describe('offline drafter', () => {
  it('drafts only from what the page says', async () => {
    const draft = await offlineDrafter.draft(
      summarisePage('https://harbor.coffee/', HARBOR_COFFEE),
    );
    expect(draft.name).toBe('Harbor Coffee');
    expect(draft.description).toContain(
      'Harbor Coffee roasts small batches of single-origin beans',
    );
    expect(draft.brandColors).toEqual(['#0B5FFF', '#E4572E']);
    expect(draft.brandVoice).toMatch(/^Upbeat and energetic|^Calm and confident/);
    expect(draft.brandVoice).toContain('personal, as a team ("we")');
    expect(draft.brandVoice).toContain('warm and community-minded');
  });

  it('falls back to the host name and the default colour for a bare page', async () => {
    const draft = await offlineDrafter.draft(
      summarisePage('https://www.example.org/', '<html><body></body></html>'),
    );
    expect(draft.name).toBe('example.org');
    expect(draft.brandColors).toEqual(['#007BFF']);
    expect(brandVoiceFrom(summarisePage('https://x.org', '<p>Hi</p>'))).toBe(
      'Clear, friendly and professional.',
    );
  });
});
