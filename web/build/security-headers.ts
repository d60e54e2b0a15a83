/**
 * The security headers the web app is answered with, besides its Content-Security-Policy
 * (content-security-policy.ts), written once: CloudFront's response headers policy
 * (infra/stacks/web-stack.ts) is built from this definition, and the sandbox's SPA service
 * (infra/sandbox/spa.ts) sends the same headers in both its modes (Vite and the built app).
 */
export const SECURITY_HEADERS = {
  /**
   * HTTPS only, for a year, subdomains included. Sent only over HTTPS: a browser ignores it on
   * http, and on the http sandbox it would only pin `localhost` to HTTPS for every other local
   * project the day something there is served over HTTPS.
   */
  strictTransportSecurity: { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true },
  /** A file is only ever what its Content-Type says (no script read from an image). */
  noSniff: true,
  /** Never in a frame: `frame-ancestors 'none'` for browsers that predate it. */
  frameOption: 'DENY',
  /** Other sites learn our origin at most, never a page's path (ids) or query. */
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** The old XSS filter of older browsers, blocking the page rather than rewriting it. */
  xssProtection: { protection: true, modeBlock: true },
} as const;

const { strictTransportSecurity: hsts, xssProtection: xss } = SECURITY_HEADERS;
const HSTS_VALUE = [
  `max-age=${hsts.maxAgeSeconds}`,
  ...(hsts.includeSubdomains ? ['includeSubDomains'] : []),
].join('; ');
const XSS_PROTECTION_VALUE = [
  xss.protection ? '1' : '0',
  ...(xss.modeBlock ? ['mode=block'] : []),
].join('; ');

/**
 * The headers as a browser receives them (lower-case names), with this answer's policy. `https`
 * says whether the answer travels over HTTPS, where Strict-Transport-Security belongs.
 */
export const securityHeaders = ({
  contentSecurityPolicy,
  https,
}: {
  contentSecurityPolicy: string;
  https: boolean;
}): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy,
  ...(SECURITY_HEADERS.noSniff ? { 'x-content-type-options': 'nosniff' } : {}),
  'x-frame-options': SECURITY_HEADERS.frameOption,
  'referrer-policy': SECURITY_HEADERS.referrerPolicy,
  'x-xss-protection': XSS_PROTECTION_VALUE,
  ...(https ? { 'strict-transport-security': HSTS_VALUE } : {}),
});
