import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The SPA's Content-Security-Policy, written once: CloudFront (infra/stacks/web-stack.ts) and the
 * sandbox's SPA service (infra/sandbox/spa.ts) send the same one.
 *
 * Scripts run only from the app's origin, plus the two small inline scripts of the prerendered
 * first paint, allowed by their SHA-256 (the build writes them to web/dist/csp.json; moving them
 * to files would cost a round trip before the first paint). The dev server's inline preamble is
 * allowed by a per-response nonce instead. Styles keep 'unsafe-inline': the toast library
 * (react-hot-toast, through goober) writes its rules into a <style> element at run time, which
 * neither a hash nor a build-time nonce can cover; a style cannot run code.
 */
export const CSP_MANIFEST = 'csp.json';

/**
 * Where connected accounts' avatars live (the Platforms screen shows them as the providers give
 * them): X's profile images, LinkedIn's member photos.
 */
const AVATAR_SOURCES = [
  'https://pbs.twimg.com',
  'https://abs.twimg.com',
  'https://media.licdn.com',
];

/**
 * Google's tag and collection hosts, as Google documents them for GA4 under a CSP: the tag from
 * googletagmanager.com, hits to the regional *.google-analytics.com and
 * *.analytics.google.com addresses. Allowed only on a stage with a measurement id.
 */
export const GOOGLE_ANALYTICS_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
} as const;

export interface CspManifest {
  /** CSP sources of the build's inline scripts, e.g. `'sha256-…'`. */
  scriptHashes: string[];
}

/** `'sha256-<base64>'` of an inline script's exact text. */
export const sha256Source = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The media bucket's origins among the connect sources (not the dev server's `ws:`): campaign
 * images and videos are shown from it through presigned GETs, as they were uploaded to it.
 */
const mediaBucketSources = (connectSources: readonly string[]): string[] =>
  connectSources.filter((source) => /^https?:\/\/./.test(source));

export const contentSecurityPolicy = ({
  scriptSources = [],
  connectSources = [],
  googleAnalytics = false,
}: {
  /** Hashes or a nonce for inline scripts. */
  scriptSources?: readonly string[];
  /**
   * Origins the app may call beyond its own (the API is served under /api of the same origin):
   * the media bucket, which the app also shows campaign media from.
   */
  connectSources?: readonly string[];
  /**
   * The stage sends analytics to Google (a real measurement id is set): its tag and collection
   * hosts are allowed. Without one — or in the sandbox, whose stand-in is on the app's origin —
   * no Google host is.
   */
  googleAnalytics?: boolean;
} = {}): string => {
  const google = (kind: keyof typeof GOOGLE_ANALYTICS_SOURCES) =>
    googleAnalytics ? GOOGLE_ANALYTICS_SOURCES[kind] : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptSources, ...google('script')].join(' '),
    "style-src 'self' 'unsafe-inline'",
    [
      'img-src',
      "'self'",
      'data:',
      'blob:',
      ...AVATAR_SOURCES,
      ...mediaBucketSources(connectSources),
      ...google('img'),
    ].join(' '),
    // A chosen video is previewed from an object URL before it uploads; a campaign's videos play
    // from the media bucket.
    ['media-src', "'self'", 'blob:', ...mediaBucketSources(connectSources)].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...connectSources, ...google('connect')].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
};

/** The inline-script hashes of a build; none when the app has not been built. */
export const readBuiltScriptHashes = (distDir: string): string[] => {
  const file = join(distDir, CSP_MANIFEST);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as CspManifest).scriptHashes;
};
