import { config, required } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { putProductMetric } from '#functions/core/metrics';
import { SmsOptedOutError, type SmsSender } from './sms-sender';
import { countTextSent } from './texts-sent';

/**
 * The SDK is imported where it is used: a static import of an (external) AWS SDK package would be
 * hoisted to the top of the bundle and loaded at start by every request (see core/db/client.ts).
 */
const smsVoice = lazyAsync(async () => {
  const sdk = await import('@aws-sdk/client-pinpoint-sms-voice-v2');
  return { sdk, client: new sdk.PinpointSMSVoiceV2Client({ region: config().AWS_REGION }) };
});

/**
 * Transactional texts through AWS End User Messaging SMS, from the stage's origination identity
 * (its phone number or pool) - the one resource the functions are granted to send from. A number
 * on the identity's opt-out list is refused by the service itself.
 */
export const endUserMessagingSmsSender: SmsSender = {
  async send({ to, text }) {
    const { sdk, client } = await smsVoice();
    try {
      await client.send(
        new sdk.SendTextMessageCommand({
          DestinationPhoneNumber: to,
          OriginationIdentity: required('SMS_ORIGINATION_IDENTITY'),
          MessageBody: text,
          MessageType: 'TRANSACTIONAL',
        }),
      );
      putProductMetric('TextsSent', 1);
    } catch (error) {
      putProductMetric('TextsFailed', 1);
      if (
        error instanceof sdk.ConflictException &&
        error.Reason === sdk.ConflictExceptionReason.DESTINATION_PHONE_NUMBER_OPTED_OUT
      ) {
        throw new SmsOptedOutError(to);
      }
      throw error;
    }
    await countTextSent();
  },

  async optIn(phoneNumber) {
    const { sdk, client } = await smsVoice();
    try {
      await client.send(
        new sdk.DeleteOptedOutNumberCommand({
          OptOutListName: required('SMS_OPT_OUT_LIST'),
          OptedOutNumber: phoneNumber,
        }),
      );
      return true;
    } catch (error) {
      // START is also a keyword End User Messaging answers itself: the number is often off the
      // list already, and then it can be texted.
      if (
        error instanceof sdk.ResourceNotFoundException &&
        error.ResourceType === sdk.ResourceType.OPTED_OUT_NUMBER
      ) {
        return true;
      }
      // A number can be taken off the list once every 30 days. The refusal's error is not
      // documented; a conflict (the API's answer to an action the resource's state forbids) is
      // read as it. The owner gets texts again once the 30 days pass.
      if (error instanceof sdk.ConflictException) return false;
      throw error;
    }
  },
};
