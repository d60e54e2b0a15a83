import { config } from '#functions/core/config';
import type { EmailSender } from './email-sender';

/**
 * SES in AWS; the sandbox's outbox (shown at /_sandbox) locally. Each is loaded only when an email
 * is sent, so a request that emails nobody never loads SES.
 */
export const emailSender = async (): Promise<EmailSender> =>
  config().SANDBOX
    ? (await import('./outbox-email-sender')).outboxEmailSender
    : (await import('./ses-email-sender')).sesEmailSender;
