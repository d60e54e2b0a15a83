import installed from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import usMetadata from './us-phone-metadata.json';

describe('the US phone metadata', () => {
  it("is the installed libphonenumber-js's own US rules (regenerate it after an upgrade)", () => {
    // node -e "const m=require('libphonenumber-js/metadata.min.json');require('fs').writeFileSync(
    //   'web/src/lib/us-phone-metadata.json',JSON.stringify({version:m.version,
    //   country_calling_codes:{1:['US']},countries:{US:m.countries.US}})+'\n')"
    expect(usMetadata).toEqual({
      version: installed.version,
      country_calling_codes: { '1': ['US'] },
      countries: { US: installed.countries.US },
    });
  });
});
