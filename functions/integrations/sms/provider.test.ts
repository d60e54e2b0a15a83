import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { outboxSmsSender } from './outbox-sms-sender';
import { smsSender } from './provider';
import { snsSmsSender } from './sns-sms-sender';

describe('SMS provider', () => {
  it('texts through the outbox in the sandbox and through SNS everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, smsSender)).toBe(outboxSmsSender);
    expect(await withEnvironment({ SANDBOX: 'false' }, smsSender)).toBe(snsSmsSender);
    expect(await withEnvironment({}, smsSender)).toBe(snsSmsSender);
  });
});
