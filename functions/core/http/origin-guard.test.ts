import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { withEnvironment } from '../environment';
import { Forbidden } from '../errors';
import { checkCloudFrontOrigin, ORIGIN_VERIFY_HEADER } from './origin-guard';

const KEY = 'k'.repeat(20) + 'origin-secret';

describe('checkCloudFrontOrigin', () => {
  afterEach(() => resetConfigForTests());

  const check = (environment: Record<string, string>, headers: Record<string, string>) =>
    withEnvironment(environment, () => checkCloudFrontOrigin(headers));

  it('lets through a request that carries the value CloudFront adds', async () => {
    await expect(check({ ORIGIN_VERIFY_KEY: KEY }, { [ORIGIN_VERIFY_HEADER]: KEY })).resolves.toBe(
      undefined,
    );
  });

  it.each([
    ['no header', {}],
    ['a wrong value', { [ORIGIN_VERIFY_HEADER]: `${KEY.slice(0, -1)}x` }],
    ['a prefix of the value', { [ORIGIN_VERIFY_HEADER]: KEY.slice(0, 8) }],
    ['an empty value', { [ORIGIN_VERIFY_HEADER]: '' }],
  ])('refuses a request with %s (straight to the execute-api address)', async (_, headers) => {
    const refused = check({ ORIGIN_VERIFY_KEY: KEY }, headers);
    await expect(refused).rejects.toBeInstanceOf(Forbidden);
    await expect(refused).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('checks nothing where no origin key is configured (the sandbox has no CloudFront)', async () => {
    await expect(check({}, {})).resolves.toBe(undefined);
  });
});
