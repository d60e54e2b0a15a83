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

  it('reads a page nested 150,000 elements deep without overflowing the stack', () => {
    const depth = 150_000;
    const html = `<html><head><title>Deep Harbor</title></head><body>
      <h1>Harbor Coffee</h1><p>We roast every bean ourselves, in small batches, near the harbour.</p>
      ${'<div><span>'.repeat(depth)}<p>Text at the very bottom of the pile of elements.</p>${'</span></div>'.repeat(depth)}
      <ul>${'<li>Nested list item number that is long enough '.repeat(2000)}</ul></body></html>`;
    const page = summarisePage('https://deep.example/', html);
    expect(page.title).toBe('Deep Harbor');
    expect(page.headings).toEqual(['Harbor Coffee']);
    expect(page.paragraphs[0]).toBe(
      'We roast every bean ourselves, in small batches, near the harbour.',
    );
    expect(page.paragraphs.join(' ').length).toBeLessThan(20_000);
  });
});
