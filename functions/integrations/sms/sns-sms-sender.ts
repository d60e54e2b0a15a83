import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { SmsOptedOutError, type SmsSender } from './sms-sender';

/**
 * The SDK is imported where it is used: a static import of an (external) AWS SDK package would be
 * hoisted to the top of the bundle and loaded at start by every request (see core/db/client.ts).
 */
const sns = lazyAsync(async () => {
  const sdk = await import('@aws-sdk/client-sns');
  return { sdk, client: new sdk.SNSClient({ region: config().AWS_REGION }) };
});

/** Transactional texts through SNS, from the configured origination number; opted-out numbers are never texted. */
export const snsSmsSender: SmsSender = {
  async send({ to, text }) {
    const { sdk, client } = await sns();
    const { isOptedOut } = await client.send(
      new sdk.CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: to }),
    );
    if (isOptedOut) throw new SmsOptedOutError(to);
    const { SMS_ORIGINATION_NUMBER } = config();
    await client.send(
      new sdk.PublishCommand({
        PhoneNumber: to,
        Message: text,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          ...(SMS_ORIGINATION_NUMBER
            ? {
                'AWS.MM.SMS.OriginationNumber': {
                  DataType: 'String',
                  StringValue: SMS_ORIGINATION_NUMBER,
                },
              }
            : {}),
        },
      }),
    );
  },

  async optIn(phoneNumber) {
    const { sdk, client } = await sns();
    try {
      await client.send(new sdk.OptInPhoneNumberCommand({ phoneNumber }));
      return true;
    } catch (error) {
      // Refused within 30 days of the last opt-in: the owner can still get texts once it passes.
      if (error instanceof sdk.InvalidParameterException) return false;
      throw error;
    }
  },
};
