import { describe, expect, it } from 'vitest';
import { createCompanyBody } from '#shared/contract/companies';
import { withinCompanyRules } from './company-rules';

describe('withinCompanyRules', () => {
  it('keeps a draft inside the company field rules, so the company form accepts it as it is', () => {
    const draft = withinCompanyRules({
      name: `  ${'N'.repeat(150)}  `,
      description: 'D'.repeat(2500),
      brandVoice: 'V'.repeat(2500),
      brandColors: ['orange', '#0b5fff', '#08f', '#0B5FFF', '#E4572E', '#123456'],
    });
    expect(draft.name).toHaveLength(100);
    expect(draft.name.endsWith('…')).toBe(true);
    expect(draft.description).toHaveLength(2000);
    expect(draft.brandVoice).toHaveLength(2000);
    expect(draft.brandColors).toEqual(['#0B5FFF', '#0088FF', '#E4572E']);
    expect(createCompanyBody.safeParse(draft).success).toBe(true);
  });

  it('falls back to the given colour when the draft has none', () => {
    expect(
      withinCompanyRules(
        { name: 'A', description: '', brandVoice: '', brandColors: ['red'] },
        '#111111',
      ).brandColors,
    ).toEqual(['#111111']);
  });
});
