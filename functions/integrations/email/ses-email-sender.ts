import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from '#functions/core/config';
import { lazy } from '#functions/core/db/lazy';
import type { EmailSender } from './email-sender';

const client = lazy(() => new SESv2Client({ region: config().AWS_REGION }));

export const sesEmailSender = lazy((): EmailSender => ({
  async send({ to, subject, text, html }) {
    await client().send(
      new SendEmailCommand({
        FromEmailAddress: config().EMAIL_FROM,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: text, Charset: 'UTF-8' },
              ...(html ? { Html: { Data: html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      }),
    );
  },
}));
