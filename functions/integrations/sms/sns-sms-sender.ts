import {
  CheckIfPhoneNumberIsOptedOutCommand,
  PublishCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { config } from '#functions/core/config';
import { lazy } from '#functions/core/db/lazy';
import { SmsOptedOutError, type SmsSender } from './sms-sender';

const client = lazy(() => new SNSClient({ region: config().AWS_REGION }));

/** Transactional texts through SNS, from the configured origination number; opted-out numbers are never texted. */
export const snsSmsSender = lazy((): SmsSender => ({
  async send({ to, text }) {
    const { isOptedOut } = await client().send(
      new CheckIfPhoneNumberIsOptedOutCommand({ phoneNumber: to }),
    );
    if (isOptedOut) throw new SmsOptedOutError(to);
    const { SMS_ORIGINATION_NUMBER } = config();
    await client().send(
      new PublishCommand({
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
}));
