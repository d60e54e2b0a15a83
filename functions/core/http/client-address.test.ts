import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress, VIEWER_ADDRESS_HEADER } from './client-address';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.1') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientAddress', () => {
  it("reads the viewer's address CloudFront wrote, not the edge's own source address", () => {
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.7' }))).toBe('203.0.113.7');
  });

  it('counts an IPv6 client per /64 and unwraps IPv4-mapped addresses', () => {
    expect(
      clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' })),
    ).toBe('2001:db8:1:2::/64');
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '::ffff:198.51.100.4' }))).toBe(
      '198.51.100.4',
    );
  });

  it("falls back to the gateway's source address without the header", () => {
    expect(clientAddress(event({}, '198.51.100.9'))).toBe('198.51.100.9');
  });
});
