import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#functions/core/config';

/**
 * The SNS sender's opt-in against a fake of SNS's HTTP API (its query protocol): the real SDK
 * sends OptInPhoneNumber; a refusal within the 30 days SNS allows answers false.
 */
describe('snsSmsSender.optIn', () => {
  let server: Server;
  const requests: string[] = [];
  let refuse = false;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push(body);
        response.setHeader('content-type', 'text/xml');
        if (refuse) {
          response.statusCode = 400;
          response.end(
            '<ErrorResponse><Error><Type>Sender</Type><Code>InvalidParameter</Code><Message>Invalid parameter: Phone number opted in within the last 30 days</Message></Error><RequestId>r</RequestId></ErrorResponse>',
          );
          return;
        }
        response.end(
          '<OptInPhoneNumberResponse><OptInPhoneNumberResult/><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></OptInPhoneNumberResponse>',
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SNS: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
    resetConfigForTests();
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks SNS to opt the number back in, and answers false when SNS refuses within 30 days', async () => {
    const { snsSmsSender } = await import('./sns-sms-sender');
    expect(await snsSmsSender.optIn('+15555550123')).toBe(true);
    expect(requests.at(-1)).toContain('Action=OptInPhoneNumber');
    expect(requests.at(-1)).toContain('phoneNumber=%2B15555550123');
    refuse = true;
    expect(await snsSmsSender.optIn('+15555550123')).toBe(false);
  });
});
