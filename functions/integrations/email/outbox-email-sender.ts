import { required } from '#functions/core/config';
import { recordOutboxMessage } from '../outbox/outbox-entity';
import type { EmailSender } from './email-sender';

/** The sandbox's email: kept in the outbox and listed in the dev inbox instead of being sent. */
export const outboxEmailSender: EmailSender = {
  async send({ to, subject, text, html }) {
    await recordOutboxMessage({
      channel: 'email',
      to,
      from: required('EMAIL_FROM'),
      subject,
      text,
      html,
    });
  },
};
