import { describe, expect, it } from 'vitest';
import { createCompanyBody } from '#shared/contract/companies';
import { canonicalWebsite } from './companies';

/** The website is stored as the URL parser reads it: what was checked is what gets fetched. */
describe('canonicalWebsite', () => {
  const stored = (website: string) =>
    canonicalWebsite(createCompanyBody.parse({ name: 'Harbor', website }).website);

  it.each([
    ['harbor.coffee', 'https://harbor.coffee'],
    ['  HTTPS://Harbor.COFFEE/  ', 'https://harbor.coffee'],
    ['https://harbor.coffee:443/', 'https://harbor.coffee'],
    ['http://harbor.coffee:8080/menu', 'http://harbor.coffee:8080/menu'],
    ['https://harbor.coffee/our menu?x=1', 'https://harbor.coffee/our%20menu?x=1'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
    ['https://owner:secret@harbor.coffee/shop', 'https://harbor.coffee/shop'],
    ['', ''],
  ])('stores %j as %j', (typed, expected) => {
    expect(stored(typed)).toBe(expected);
  });
});
