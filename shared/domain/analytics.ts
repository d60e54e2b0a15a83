/**
 * What Sailpost measures, in one place for the browser, the server's Measurement Protocol sender
 * and the sandbox's GA4 stand-in: every event with the parameters it may carry (a payload with an
 * unknown parameter does not compile), the consent types of Google's Consent Mode v2, the shapes
 * GA4 receives and the stand-in records, and `findPersonalData`, which the tests run over every
 * payload: no event, page title or address may carry an email, a phone number or a name.
 */
import type { PlatformId, TierId } from './tiers';
import type { TOUR_IDS } from './users';

type TourId = (typeof TOUR_IDS)[number];

/** How an account signed up or in. */
export type SignInMethod = 'password' | 'google';

/** Where a post was approved or rejected: on a screen, or by a text reply. */
export type ApprovalChannel = 'app' | 'sms';

/** Prices are in US dollars (GA4 wants an ISO 4217 code beside every value). */
export type AnalyticsCurrency = 'USD';
export const ANALYTICS_CURRENCY: AnalyticsCurrency = 'USD';

/** A Stripe invoice id: the transaction id of a `purchase`, so GA4 counts each invoice once. */
export type InvoiceId = `in_${string}`;

/**
 * Every event and its parameters. Values are closed unions or numbers wherever they can be; the
 * few strings (page address and title, a tour's element name, an invoice id) are written by our
 * code, never typed by a person.
 */
export interface AnalyticsEventParams {
  /** The visitor began the registration form (its first input). */
  sign_up_start: Record<string, never>;
  /** The server created the account. */
  sign_up_complete: Record<string, never>;
  /** GA4's recommended event, beside `sign_up_complete`. */
  sign_up: { method: SignInMethod };
  login: { method: SignInMethod };
  campaign_create: { source: 'manual' | 'ai' };
  social_connect: { platform: PlatformId };
  content_approve: { platform: PlatformId; via: ApprovalChannel };
  content_reject: { platform: PlatformId; via: ApprovalChannel };
  begin_checkout: { tier: TierId; value: number; currency: AnalyticsCurrency };
  /** Sent by the server when Stripe's signed webhook says the invoice was paid. */
  purchase: {
    transaction_id: InvoiceId;
    tier: TierId;
    value: number;
    currency: AnalyticsCurrency;
  };
  /**
   * Sent explicitly on each route change (the tag's own page view is off). The address has no
   * query or fragment; ids in paths are opaque.
   */
  page_view: { page_location: string; page_title: string };
  tour_complete: { tour: TourId };
  tour_skip: { tour: TourId; step: number };
  /** A tour step whose element was missing or hidden (the tour skipped it): a screen changed. */
  tour_target_not_found: { tour: TourId; step: number; target: string };
}

export type AnalyticsEventName = keyof AnalyticsEventParams;

/** The parameter names each event may carry, at run time (the stand-in flags any other). */
export const ANALYTICS_EVENT_PARAM_NAMES: {
  readonly [E in AnalyticsEventName]: readonly (keyof AnalyticsEventParams[E])[];
} = {
  sign_up_start: [],
  sign_up_complete: [],
  sign_up: ['method'],
  login: ['method'],
  campaign_create: ['source'],
  social_connect: ['platform'],
  content_approve: ['platform', 'via'],
  content_reject: ['platform', 'via'],
  begin_checkout: ['tier', 'value', 'currency'],
  purchase: ['transaction_id', 'tier', 'value', 'currency'],
  page_view: ['page_location', 'page_title'],
  tour_complete: ['tour'],
  tour_skip: ['tour', 'step'],
  tour_target_not_found: ['tour', 'step', 'target'],
};

export const ANALYTICS_EVENT_NAMES = Object.keys(
  ANALYTICS_EVENT_PARAM_NAMES,
) as readonly AnalyticsEventName[];

export const isAnalyticsEventName = (name: string): name is AnalyticsEventName =>
  Object.hasOwn(ANALYTICS_EVENT_PARAM_NAMES, name);

/** One event as the browser module and the server sender take it. */
export type AnalyticsEvent = {
  [E in AnalyticsEventName]: { name: E; params: AnalyticsEventParams[E] };
}[AnalyticsEventName];

// ---- Consent (Google Consent Mode v2) ----

export const CONSENT_TYPES = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];
export type ConsentValue = 'granted' | 'denied';
export type ConsentState = { readonly [T in ConsentType]: ConsentValue };

/** Before anyone has decided, and before any tag loads: everything denied. */
export const DEFAULT_CONSENT: ConsentState = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};

/**
 * What a visitor decides. Sailpost shows no ads and shares nothing with advertisers, so the only
 * question is analytics; the three advertising types stay denied whatever the answer.
 */
export interface ConsentChoice {
  analytics: boolean;
}

export const consentStateOf = (choice: ConsentChoice): ConsentState => ({
  ...DEFAULT_CONSENT,
  analytics_storage: choice.analytics ? 'granted' : 'denied',
});

/**
 * GA4's `gcs` hit parameter: `G1`, then 1 or 0 for ad_storage, then for analytics_storage
 * (`G111` both granted, `G101` analytics only, `G100` neither).
 */
export const gcsOf = (state: Pick<ConsentState, 'ad_storage' | 'analytics_storage'>): string =>
  `G1${state.ad_storage === 'granted' ? 1 : 0}${state.analytics_storage === 'granted' ? 1 : 0}`;

export const consentOfGcs = (
  gcs: string,
): Pick<ConsentState, 'ad_storage' | 'analytics_storage'> | null => {
  const match = /^G1([01])([01])$/.exec(gcs);
  if (!match) return null;
  return {
    ad_storage: match[1] === '1' ? 'granted' : 'denied',
    analytics_storage: match[2] === '1' ? 'granted' : 'denied',
  };
};

// ---- Where GA4 and its sandbox stand-in listen, and what they receive ----

/** Google's tag (the browser loads `${GA4_TAG_ORIGIN}/gtag/js?id=…`). */
export const GA4_TAG_ORIGIN = 'https://www.googletagmanager.com';
/** Google's Measurement Protocol origin (the server posts to `${origin}/mp/collect`). */
export const GA4_MEASUREMENT_PROTOCOL_ORIGIN = 'https://www.google-analytics.com';

/** The sandbox's GA4 stand-in, on the app's own origin; the paths below it are Google's. */
export const GA4_STAND_IN_PATH = '/_sandbox/providers/google-analytics';
/** The stand-in's tag script: `${GA4_STAND_IN_PATH}${GA4_SCRIPT_PATH}?id=G-SANDBOX`. */
export const GA4_SCRIPT_PATH = '/gtag/js';
/** Browser hits, in gtag.js's shape (`v=2&tid&cid&gcs&en&ep.*&epn.*&dl&dt` in the query). */
export const GA4_COLLECT_PATH = '/g/collect';
/**
 * Measurement Protocol: `POST ${base}/mp/collect?measurement_id=…&api_secret=…` with a
 * `MeasurementProtocolBody`; the base is Google's origin, or in the sandbox
 * `${sandbox url}${GA4_STAND_IN_PATH}`.
 */
export const GA4_MEASUREMENT_PROTOCOL_PATH = '/mp/collect';

/** The sandbox's fake measurement id and API secret, so the whole path runs in `npm start`. */
export const SANDBOX_MEASUREMENT_ID = 'G-SANDBOX';
export const SANDBOX_MEASUREMENT_PROTOCOL_SECRET = 'sandbox-measurement-protocol-secret';

/** `GET` lists what the stand-in received (`SandboxAnalyticsList`), `DELETE` forgets it. */
export const SANDBOX_ANALYTICS_API_PATH = '/_sandbox/api/analytics';

/** A Measurement Protocol request's JSON body, as Google documents it. */
export interface MeasurementProtocolBody {
  /** The browser's GA client id (carried through checkout), or an opaque one of the server's. */
  client_id: string;
  /** Sailpost's opaque account id, never an email. */
  user_id?: string;
  timestamp_micros?: number;
  consent?: { ad_user_data?: ConsentValue; ad_personalization?: ConsentValue };
  events: AnalyticsEvent[];
}

/** One event the stand-in received, as `GET /_sandbox/api/analytics` lists it (oldest first). */
export interface RecordedAnalyticsEvent {
  /** When the stand-in received it (ISO 8601). */
  time: string;
  /** A gtag.js hit from the browser, or a Measurement Protocol call from the server. */
  source: 'browser' | 'server';
  measurementId: string;
  /** As received: an unknown name is recorded too (and `unknownParams` says what was wrong). */
  event: string;
  /** `ep.*` (strings) and `epn.*` (numbers) of a hit, or the MP event's params. */
  params: Record<string, string | number>;
  /**
   * The consent the hit was sent under: from `gcs` for a browser hit, from the body's `consent`
   * for a Measurement Protocol call (null when it states none).
   */
  consent: Partial<ConsentState> | null;
  clientId: string;
  userId?: string;
  /** A browser hit's page address and title (`dl`, `dt`). */
  page?: { location: string; title: string };
  /** Parameters the event may not carry (or the event itself when its name is unknown). */
  unknownParams?: string[];
}

export interface SandboxAnalyticsList {
  events: RecordedAnalyticsEvent[];
}

// ---- Personal data ----

export interface PersonalDataFinding {
  /** Where in the payload, e.g. `events[0].params.page_title`. */
  path: string;
  kind: 'email' | 'phone' | 'name';
  value: string;
}

/**
 * Keys whose values are machine-made opaque ids or times (a GA client id is two runs of ten
 * digits, which would read as phone numbers).
 */
const OPAQUE_KEYS = new Set([
  'client_id',
  'clientId',
  'cid',
  'sid',
  '_p',
  'time',
  'timestamp_micros',
  'transaction_id',
]);

const EMAIL = /[^\s@/?&=:]+@[^\s@/?&=]+\.[a-z]{2,}/i;
/** +1 555 010 2000, (555) 010-2000, 555-010-2000, 555.010.2000, and bare 10–15 digit runs. */
const PHONE =
  /(?:\+\d[\d\s().-]{7,}\d)|(?:\(\d{3}\)\s?\d{3}[-.\s]\d{4})|(?:\b\d{3}[-.\s]\d{3}[-.\s]\d{4}\b)|(?:(?<![\d.])\d{10,15}(?![\d.]))/;

/**
 * UUIDs are the opaque ids in addresses; their last group is twelve hex digits, all of them
 * decimal about once in a hundred ids, which would read as a phone number.
 */
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Everything in a payload (any JSON value) that looks like personal data: an email, a phone
 * number, or one of `knownNames` (the test users' given and family names, company names) as a
 * whole word, case-insensitively. URL-encoded text is decoded first (`%40` is an `@`).
 */
export const findPersonalData = (
  payload: unknown,
  knownNames: readonly string[] = [],
): PersonalDataFinding[] => {
  const names = knownNames
    .map((name) => name.trim())
    .filter((name) => name.length > 1)
    .map((name) => ({
      name,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'iu'),
    }));
  const findings: PersonalDataFinding[] = [];
  const inspect = (text: string, path: string) => {
    for (const candidate of new Set([text, decoded(text)])) {
      const email = EMAIL.exec(candidate);
      if (email) findings.push({ path, kind: 'email', value: email[0] });
      const phone = PHONE.exec(candidate.replace(UUIDS, ''));
      if (phone) findings.push({ path, kind: 'phone', value: phone[0].trim() });
      for (const { name, pattern } of names) {
        if (pattern.test(candidate)) findings.push({ path, kind: 'name', value: name });
      }
      if (findings.some((finding) => finding.path === path)) return;
    }
  };
  const walk = (value: unknown, path: string, key: string | undefined) => {
    if (key !== undefined && OPAQUE_KEYS.has(key)) return;
    if (typeof value === 'string') inspect(value, path);
    else if (typeof value === 'number') inspect(String(value), path);
    else if (Array.isArray(value))
      value.forEach((item, index) => walk(item, `${path}[${index}]`, undefined));
    else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        walk(item, path ? `${path}.${name}` : name, name);
      }
    }
  };
  walk(payload, '', undefined);
  return findings;
};
