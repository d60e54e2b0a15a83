import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { endUserMessagingSmsSender } from './end-user-messaging-sms-sender';
import { outboxSmsSender } from './outbox-sms-sender';
import { smsTransport } from './provider';

describe('SMS provider', () => {
  it('texts through the outbox in the sandbox and through End User Messaging everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, smsTransport)).toBe(outboxSmsSender);
    expect(await withEnvironment({ SANDBOX: 'false' }, smsTransport)).toBe(
      endUserMessagingSmsSender,
    );
    expect(await withEnvironment({}, smsTransport)).toBe(endUserMessagingSmsSender);
  });
});
