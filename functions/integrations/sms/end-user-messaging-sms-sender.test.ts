import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#functions/core/config';
import {
  startFakeHttpService,
  type FakeAnswer,
  type FakeHttpService,
  type RecordedRequest,
} from '#test/support/fake-http';
import { logLinesOf } from '#test/support/log-lines';
import { SmsOptedOutError } from './sms-sender';

const IDENTITY = 'arn:aws:sms-voice:us-east-1:123456789012:pool/pool-0123456789abcdef';
const OPT_OUT_LIST = 'arn:aws:sms-voice:us-east-1:123456789012:opt-out-list/Default';
const TO = '+15555550123';

/** An error as the service's JSON protocol answers it: its type, message and fields. */
const awsError = (status: number, type: string, fields: Record<string, string> = {}) => ({
  status,
  headers: { 'x-amzn-errortype': type },
  body: { __type: type, Message: `${type} from the fake`, ...fields },
});

/** The operation a request asked for (the JSON protocol names it in X-Amz-Target). */
const operationOf = (request: RecordedRequest) =>
  String(request.headers['x-amz-target']).replace(/^PinpointSMSVoiceV2\./, '');

/**
 * The End User Messaging SMS sender against a fake of its HTTP API (the sms-voice JSON protocol):
 * the real SDK sends, and the fake answers as the service does.
 */
describe('endUserMessagingSmsSender', () => {
  let fake: FakeHttpService;
  const saved = { ...process.env };
  const sent = (): FakeAnswer => ({ status: 200, body: { MessageId: 'message-1' } });

  beforeAll(async () => {
    fake = await startFakeHttpService(sent);
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: fake.origin,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      SMS_ORIGINATION_IDENTITY: IDENTITY,
      SMS_OPT_OUT_LIST: OPT_OUT_LIST,
    });
    resetConfigForTests();
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = sent;
  });

  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await fake.close();
  });

  const sender = async () =>
    (await import('./end-user-messaging-sms-sender')).endUserMessagingSmsSender;

  it('sends a transactional text from the configured identity, and nothing else', async () => {
    await (await sender()).send({ to: TO, text: 'Your code is 123456' });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(operationOf(request!)).toBe('SendTextMessage');
    expect(request!.headers.authorization).toMatch(
      /Credential=test\/\d{8}\/us-east-1\/sms-voice\//,
    );
    expect(request!.body).toEqual({
      DestinationPhoneNumber: TO,
      OriginationIdentity: IDENTITY,
      MessageBody: 'Your code is 123456',
      MessageType: 'TRANSACTIONAL',
    });
  });

  it('refuses a number that opted out as SmsOptedOutError, so callers are unchanged', async () => {
    fake.answer = () =>
      awsError(400, 'ConflictException', {
        Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT',
        ResourceType: 'opted-out-number',
        ResourceId: TO,
      });
    const error = await (await sender()).send({ to: TO, text: 'hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsOptedOutError);
    expect((error as SmsOptedOutError).phoneNumber).toBe(TO);
    // A refusal is an answer, not a fault: no retry.
    expect(fake.requests).toHaveLength(1);
  });

  it('passes any other conflict on as it is, not as an opt-out', async () => {
    fake.answer = () => awsError(400, 'ConflictException', { Reason: 'MESSAGE_TYPE_MISMATCH' });
    const error = await (await sender()).send({ to: TO, text: 'hello' }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SmsOptedOutError);
    expect((error as Error).name).toBe('ConflictException');
  });

  it('counts each text sent and each refused (the TextsSent and TextsFailed metrics)', async () => {
    const lines = await logLinesOf(async () => {
      await (await sender()).send({ to: TO, text: 'hello' });
      fake.answer = () => awsError(400, 'ConflictException', { Reason: 'MESSAGE_TYPE_MISMATCH' });
      await (await sender()).send({ to: TO, text: 'hello' });
    });
    expect(lines.filter((line) => 'TextsSent' in line)).toHaveLength(1);
    expect(lines.filter((line) => 'TextsFailed' in line)).toHaveLength(1);
  });

  it('retries a throttled text, then sends it', async () => {
    fake.answer = (request) =>
      fake.requests.indexOf(request) === 0 ? awsError(400, 'ThrottlingException') : sent();
    await (await sender()).send({ to: TO, text: 'hello' });
    expect(fake.requests.map(operationOf)).toEqual(['SendTextMessage', 'SendTextMessage']);
  });

  it('fails with the service error when it keeps answering 5xx, after the retries', async () => {
    fake.answer = () => awsError(500, 'InternalServerException');
    const error = await (await sender()).send({ to: TO, text: 'hello' }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SmsOptedOutError);
    expect((error as Error).name).toBe('InternalServerException');
    expect(fake.requests.length).toBe(3);
  });

  describe('optIn (START)', () => {
    it("takes the number off the identity's opt-out list", async () => {
      fake.answer = () => ({
        status: 200,
        body: { OptOutListName: 'Default', OptedOutNumber: TO, EndUserOptedOut: true },
      });
      expect(await (await sender()).optIn(TO)).toBe(true);
      expect(fake.requests.map(operationOf)).toEqual(['DeleteOptedOutNumber']);
      expect(fake.requests[0]!.body).toEqual({ OptOutListName: OPT_OUT_LIST, OptedOutNumber: TO });
    });

    it('answers true when the number is not on the list (START already took it off)', async () => {
      fake.answer = () =>
        awsError(404, 'ResourceNotFoundException', {
          ResourceType: 'opted-out-number',
          ResourceId: TO,
        });
      expect(await (await sender()).optIn(TO)).toBe(true);
    });

    it('answers false when the service will not opt it in again yet (once in 30 days)', async () => {
      fake.answer = () => awsError(400, 'ConflictException', { Message: 'Once every 30 days' });
      expect(await (await sender()).optIn(TO)).toBe(false);
    });

    it('fails when the opt-out list itself does not exist (a wrong stage setting)', async () => {
      fake.answer = () =>
        awsError(404, 'ResourceNotFoundException', {
          ResourceType: 'opt-out-list',
          ResourceId: OPT_OUT_LIST,
        });
      const error = await (await sender()).optIn(TO).catch((e: unknown) => e);
      expect((error as Error).name).toBe('ResourceNotFoundException');
    });
  });
});
