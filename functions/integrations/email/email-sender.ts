import { config } from '#functions/core/config';
import { outboxEmailSender } from './outbox-email-sender';
import { sesEmailSender } from './ses-email-sender';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** SES in AWS; the sandbox's outbox (shown at /_sandbox) when running locally. */
export const emailSender = (): EmailSender =>
  config().SANDBOX ? outboxEmailSender : sesEmailSender();
