import ipaddr from 'ipaddr.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The viewer's address as CloudFront's viewer-request function on /api/* writes it (the web
 * stack), overwriting any value the client sent; the sandbox gateway does the same. The managed
 * origin request policy that keeps API Gateway's Host cannot add CloudFront's own
 * CloudFront-Viewer-Address header, hence a header of ours.
 */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The address of the client that sent the request, as the subject of limits per client address.
 * Behind CloudFront, API Gateway's sourceIp is CloudFront's own, so the viewer's address comes from
 * VIEWER_ADDRESS_HEADER. IPv6 clients are counted per /64: one subscriber holds a whole /64, so
 * counting single addresses would give them billions of fresh budgets.
 */
export const clientAddress = (event: APIGatewayProxyEventV2): string =>
  normaliseAddress(event.headers?.[VIEWER_ADDRESS_HEADER] ?? event.requestContext.http.sourceIp);

export const normaliseAddress = (raw: string): string => {
  const bare = raw.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return bare || 'unknown';
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':');
  return `${network}::/64`;
};
