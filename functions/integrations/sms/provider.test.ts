import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { endUserMessagingSmsSender } from './end-user-messaging-sms-sender';
import { outboxSmsSender } from './outbox-sms-sender';
import { smsSender } from './provider';

describe('SMS provider', () => {
  it('texts through the outbox in the sandbox and through End User Messaging everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, smsSender)).toBe(outboxSmsSender);
    expect(await withEnvironment({ SANDBOX: 'false' }, smsSender)).toBe(endUserMessagingSmsSender);
    expect(await withEnvironment({}, smsSender)).toBe(endUserMessagingSmsSender);
  });
});
