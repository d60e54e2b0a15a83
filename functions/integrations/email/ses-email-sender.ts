import { config, required } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import type { EmailSender } from './email-sender';

/** Imported where it is used, not at the top (see core/db/client.ts). */
const ses = lazyAsync(async () => {
  const sdk = await import('@aws-sdk/client-sesv2');
  return { sdk, client: new sdk.SESv2Client({ region: config().AWS_REGION }) };
});

export const sesEmailSender: EmailSender = {
  async send({ to, subject, text, html }) {
    const { sdk, client } = await ses();
    await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: required('EMAIL_FROM'),
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
};
