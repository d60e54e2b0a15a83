import { describe, expect, it } from 'vitest';
import { withEnvironment } from './environment';
import { readDeclaredSecret } from './secrets';

describe('readDeclaredSecret', () => {
  it('takes the value the environment gives directly (the sandbox, tests)', async () => {
    expect(
      await withEnvironment({ OPENAI_API_KEY: 'sk-direct' }, () => readDeclaredSecret('openAiKey')),
    ).toBe('sk-direct');
  });

  it('names both variables when the function did not declare the secret', async () => {
    await expect(withEnvironment({}, () => readDeclaredSecret('tokenKey'))).rejects.toThrow(
      'Missing configuration: JWT_SECRET or JWT_SECRET_ARN',
    );
  });
});
