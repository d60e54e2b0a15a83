import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { outboxEmailSender } from './outbox-email-sender';
import { emailSender } from './provider';
import { sesEmailSender } from './ses-email-sender';

describe('email provider', () => {
  it('emails through the outbox in the sandbox and through SES everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, emailSender)).toBe(outboxEmailSender);
    expect(await withEnvironment({ SANDBOX: 'false' }, emailSender)).toBe(sesEmailSender);
    expect(await withEnvironment({}, emailSender)).toBe(sesEmailSender);
  });
});
