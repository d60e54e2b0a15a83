/**
 * How every Lambda is bundled: esbuild's settings, the size budgets, and where each entry point
 * lives. The construct, the build script and the bundle tests read them here.
 */
import { join } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { JobName } from '#functions/core/jobs/names';
import type { EndpointGroup } from '#shared/contract/route';
import { REPO_ROOT } from './paths';

/**
 * esbuild settings of every Lambda, endpoint group or job (exported so that the build script and
 * a test bundle the real handlers with exactly these settings and hold them to the size budget).
 *
 * The AWS SDK v3 is left to the nodejs22.x runtime (`@aws-sdk/*` external, CDK's default for that
 * runtime) instead of being bundled: with the clients the handlers use (DynamoDB + lib-dynamodb,
 * Secrets Manager, SSM, SESv2) and @smithy/core inside, the bundles measured 770-920 KB minified -
 * over the 600 KB budget even without the credential providers Lambda never uses - and ~370 KB
 * without. The price is that the SDK version is the runtime's, not the lock file's; the calls used
 * are long-stable. To pin it, ship the locked SDK as a layer (or bundle it and raise the budget).
 */
export const FUNCTION_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Stack traces only need the mappings; leaving the sources out halves the map.
  sourcesContent: false,
  // ESM bundles of CommonJS dependencies call `require` for Node built-ins; give them one
  // (esbuild's `__require` shim falls back to this module-scope `require`).
  banner:
    "import { createRequire as __sailpostCreateRequire } from 'node:module'; const require = __sailpostCreateRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'],
  // twitter-text (post lengths as X counts them) imports core-js 2 polyfills for ES2015 features
  // Node 22 has natively (~30 KB minified, and they patch built-ins): every `core-js/…` import
  // resolves to an empty module instead, through package.json's "imports" entry `#no-core-js/*`.
  // esbuild resolves an alias from its working directory: the project root in local bundling.
  esbuildArgs: { '--alias:core-js': '#no-core-js' },
} as const satisfies BundlingOptions;

/** Upper bound for one function bundle (minified, without its source map). */
export const FUNCTION_BUNDLE_BUDGET_BYTES = 600 * 1024;

/**
 * Functions allowed more, each with its reason. billing: Stripe's SDK is ~250 KB minified and
 * cannot be tree-shaken (its client constructs every API resource on creation), so the group that
 * holds it gets the SDK's size on top of what every group has. ai and campaign-generation: the
 * OpenAI SDK for the drafters, on top of the generator's own code (~945 KB and ~897 KB in all).
 * Since its major 7 (the first for Node 22 only) the SDK is ~390 KB minified instead of ~150 KB:
 * its client, like Stripe's, constructs every API resource (admin, agents, live, …) on creation,
 * so nothing of it can be tree-shaken.
 */
const BUNDLE_BUDGET_EXCEPTIONS: Readonly<Record<string, number>> = {
  billing: 700 * 1024,
  ai: 960 * 1024,
  'jobs/campaign-generation': 920 * 1024,
  // The same SDK for the post drafter, with twitter-text to hold posts to X's count (~927 KB).
  'jobs/content-generation': 950 * 1024,
  // The content-generation job's drafting, inline for each company whose morning has come
  // with the digest's segment-aware quoting, its short review link and the morning's report
  // (measured ~968 KB), in a job nobody waits for.
  'jobs/daily-drafts': 990 * 1024,
  // The same morning, one company per item of the mornings queue.
  'jobs/company-morning': 990 * 1024,
  // Ends a deleted company's subscription (the same SDK), removes everything the company owned
  // and counts the company out of the business numbers (measured ~724 KB), in a job nobody waits
  // for.
  'jobs/company-cleanup': 760 * 1024,
  // Publishing an Instagram post whose PNG or GIF has no JPEG rendition yet (an image added before
  // renditions existed, or a post due before the media job ran) makes the rendition on the spot:
  // jimp's codecs (~390 KB) on top of the publisher's ~560 KB. The sweeper publishes overdue posts
  // through the same code. The cost is parse time on a cold start, well inside a slot's minute.
  'jobs/publisher': 980 * 1024,
  'jobs/sweeper': 980 * 1024,
  // Decodes, scales and encodes images in pure JavaScript (so the same bundle runs on arm64 and in
  // the sandbox): @jimp/core, its JPEG, PNG and GIF codecs and its resize plugin add ~390 KB
  // (measured 724 KB in all; the whole `jimp` package would add ~1.5 MB). Their share: two copies
  // of zod 3 (core's and the resize plugin's, ~58 KB each), file-type, exif-parser (photos are
  // turned upright) and the GIF codec's encoder, which the job never calls (~57 KB). A job
  // nobody waits for; its cold start is a fraction of the decoding.
  'jobs/media-thumbnail': 760 * 1024,
};

/** The bundle budget of one function (an endpoint group, or `jobs/<job>`). */
export const bundleBudgetBytesOf = (name: string): number =>
  BUNDLE_BUDGET_EXCEPTIONS[name] ?? FUNCTION_BUNDLE_BUDGET_BYTES;

/** Where an endpoint group's Lambda entry point lives. */
export const endpointEntryOf = (group: EndpointGroup): string =>
  join(REPO_ROOT, 'functions', group, 'handler.ts');

/** Where a job's Lambda entry point lives. */
export const jobEntryOf = (job: JobName): string =>
  join(REPO_ROOT, 'functions', 'jobs', job, 'handler.ts');

/** FUNCTION_BUNDLING as the construct takes it: mutable copies of its lists, as CDK types them. */
export const functionBundling = (): BundlingOptions => ({
  ...FUNCTION_BUNDLING,
  externalModules: [...FUNCTION_BUNDLING.externalModules],
  esbuildArgs: { ...FUNCTION_BUNDLING.esbuildArgs },
});
