import { describe, expect, it } from 'vitest';
import { config, required } from './config';
import { withEnvironment } from './environment';

describe('config', () => {
  it('reads the environment the function runs with, not the process', () => {
    const settings = withEnvironment({ STAGE: 'staging', SANDBOX: 'true' }, config);
    expect(settings).toMatchObject({ STAGE: 'staging', SANDBOX: true, AWS_REGION: 'us-east-1' });
  });

  it('parses each environment once', () => {
    const environment = { FETCH_ALLOW_ORIGINS: 'http://a.test, http://b.test' };
    const first = withEnvironment(environment, config);
    expect(first.FETCH_ALLOW_ORIGINS).toEqual(['http://a.test', 'http://b.test']);
    expect(withEnvironment(environment, config)).toBe(first);
    expect(withEnvironment({ ...environment }, config)).not.toBe(first);
  });

  it('requires nothing of every function, and names a missing variable where it is needed', () => {
    expect(() => withEnvironment({}, config)).not.toThrow();
    expect(() => withEnvironment({}, () => required('TABLE_NAME'))).toThrow(
      'Missing configuration: TABLE_NAME',
    );
    expect(withEnvironment({ TABLE_NAME: 'sailpost' }, () => required('TABLE_NAME'))).toBe(
      'sailpost',
    );
    // An empty value is no value.
    expect(() => withEnvironment({ EMAIL_FROM: '' }, () => required('EMAIL_FROM'))).toThrow(
      'Missing configuration: EMAIL_FROM',
    );
  });

  it('names the variables whose values are invalid', () => {
    expect(() => withEnvironment({ APP_URL: 'not a url', JWT_SECRET: 'short' }, config)).toThrow(
      'Invalid configuration: APP_URL, JWT_SECRET',
    );
  });
});
