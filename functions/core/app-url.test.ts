import { describe, expect, it } from 'vitest';
import { resolveAppUrl } from './app-url';
import { withEnvironment } from './environment';

describe('resolveAppUrl', () => {
  it('names the variables when neither is set, and reads the origin once it is', async () => {
    await expect(withEnvironment({}, resolveAppUrl)).rejects.toThrow(
      'Missing configuration: APP_URL or APP_URL_PARAMETER',
    );
    // The failure was not kept: the next call reads the configuration again.
    expect(await withEnvironment({ APP_URL: 'http://localhost:3000/' }, resolveAppUrl)).toBe(
      'http://localhost:3000',
    );
  });
});
