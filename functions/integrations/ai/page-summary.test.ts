import { describe, expect, it } from 'vitest';
import { HARBOR_COFFEE } from '#test/support/test-site';
import { summarisePage } from './page-summary';

describe('summarisePage', () => {
  it('reads title, site name, description, theme colour, CSS colours and copy', () => {
    const page = summarisePage('https://harbor.coffee/', HARBOR_COFFEE);
    expect(page.title).toBe('Harbor Coffee | Small-batch roasters in Portland');
    expect(page.siteName).toBe('Harbor Coffee');
    expect(page.description).toBe(
      'Harbor Coffee roasts small batches of single-origin beans in Portland & ships them fresh.',
    );
    expect(page.themeColor).toBe('#0B5FFF');
    expect(page.cssColors).toEqual(['#E4572E']);
    expect(page.headings).toEqual(['Coffee worth waking up for!']);
    expect(page.paragraphs).toEqual([
      'We roast every bean ourselves, in small batches, right here in our neighbourhood.',
      'Your order ships the day it is roasted, so you taste it at its best. Come say hi at the bar!',
      'Family-run since 2012 and proud of our local community.',
    ]);
  });
});
