import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as z from 'zod';
import {
  ANALYTICS_EVENT_PARAM_NAMES,
  consentOfGcs,
  CONSENT_TYPES,
  GA4_COLLECT_PATH,
  GA4_MEASUREMENT_PROTOCOL_PATH,
  GA4_SCRIPT_PATH,
  GA4_STAND_IN_PATH,
  isAnalyticsEventName,
  SANDBOX_ANALYTICS_API_PATH,
  SANDBOX_MEASUREMENT_PROTOCOL_SECRET,
  type ConsentState,
  type RecordedAnalyticsEvent,
} from '#shared/domain/analytics';
import { ANALYTICS_TAG_SCRIPT } from './analytics-tag';
import { escapeHtml, signatureOf } from './html';
import type { InboxPanel } from './inbox';
import { jsonFile } from './json-file';
import { readBody, sendJson, sendNoContent, sendPlain, sendText } from './responses';
import type { Route, Service } from './service';

/**
 * The sandbox's stand-in for GA4. With the fake measurement id the web app loads this stand-in's
 * tag (analytics-tag.ts) from the app's own origin, which sends gtag.js's collect hits here; the
 * server's Measurement Protocol calls come here too (its base URL in the sandbox). Every event is
 * recorded with the consent it was sent under, kept in the data folder (`npm run sandbox:reset`
 * clears it), listed live on `/_sandbox` and as JSON at `GET /_sandbox/api/analytics`
 * (`DELETE` forgets them).
 */

/** The oldest events are dropped beyond this: the list is for looking, not for keeping. */
const KEPT = 5000;
/** Events shown on the page; the JSON lists all. */
const SHOWN = 30;

export interface AnalyticsStandIn extends Service {
  routes: Route[];
  panel: InboxPanel;
}

const recordedSchema = z.object({ events: z.array(z.custom<RecordedAnalyticsEvent>()) });

const measurementProtocolSchema = z.object({
  client_id: z.string().min(1),
  user_id: z.string().optional(),
  timestamp_micros: z.number().optional(),
  consent: z
    .object({
      ad_user_data: z.enum(['granted', 'denied']).optional(),
      ad_personalization: z.enum(['granted', 'denied']).optional(),
    })
    .optional(),
  events: z
    .array(
      z.object({
        name: z.string().min(1),
        params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
      }),
    )
    .min(1)
    .max(25),
});

/** Parameters an event may not carry, or the event itself when GA4 would get an unknown name. */
const unknownOf = (event: string, params: Record<string, unknown>): string[] | undefined => {
  if (!isAnalyticsEventName(event)) return [event];
  const allowed: readonly string[] = ANALYTICS_EVENT_PARAM_NAMES[event];
  const unknown = Object.keys(params).filter((name) => !allowed.includes(name));
  return unknown.length ? unknown : undefined;
};

/** One hit of gtag.js: its query, and a line of the body per event when it batches. */
const browserEvents = (query: URLSearchParams, body: string): RecordedAnalyticsEvent[] => {
  const lines = body.trim() ? body.trim().split(/\r?\n/) : [''];
  return lines.flatMap((line) => {
    const fields = new URLSearchParams(query);
    for (const [name, value] of new URLSearchParams(line)) fields.set(name, value);
    const event = fields.get('en');
    if (!event) return [];
    const params: Record<string, string | number> = {};
    for (const [name, value] of fields) {
      if (name.startsWith('ep.')) params[name.slice(3)] = value;
      else if (name.startsWith('epn.')) params[name.slice(4)] = Number(value);
    }
    const unknownParams = unknownOf(event, params);
    return [
      {
        time: new Date().toISOString(),
        source: 'browser' as const,
        measurementId: fields.get('tid') ?? '',
        event,
        params,
        consent: consentOfGcs(fields.get('gcs') ?? ''),
        clientId: fields.get('cid') ?? '',
        ...(fields.get('uid') ? { userId: fields.get('uid')! } : {}),
        page: { location: fields.get('dl') ?? '', title: fields.get('dt') ?? '' },
        ...(unknownParams ? { unknownParams } : {}),
      },
    ];
  });
};

const consentText = (consent: Partial<ConsentState> | null): string =>
  consent
    ? CONSENT_TYPES.filter((type) => consent[type])
        .map((type) => `${type}: ${consent[type]}`)
        .join(', ')
    : 'not stated (server)';

const renderEvent = (event: RecordedAnalyticsEvent): string => {
  const params = Object.entries(event.params)
    .map(([name, value]) => `<code>${escapeHtml(name)}=${escapeHtml(String(value))}</code>`)
    .join(' ');
  const page = event.page ? ` · page <code>${escapeHtml(event.page.title)}</code>` : '';
  const unknown = event.unknownParams
    ? ` · <strong>not in the contract: ${escapeHtml(event.unknownParams.join(', '))}</strong>`
    : '';
  return `<li class="row"><div class="row-main">
<span class="row-title"><span class="badge">${event.source === 'browser' ? 'Browser' : 'Server'}</span>${escapeHtml(event.event)} ${params}</span>
<span class="row-detail">consent ${escapeHtml(consentText(event.consent))}${page}${unknown} · <time data-relative datetime="${escapeHtml(event.time)}" title="${escapeHtml(event.time)}">${escapeHtml(event.time.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></span>
</div></li>`;
};

export const startAnalyticsStandIn = async (options: {
  dataDir: string;
  /** The measurement id and API secret the stand-in answers Measurement Protocol calls for. */
  measurementId: string;
}): Promise<AnalyticsStandIn> => {
  const file = jsonFile(join(options.dataDir, 'analytics.json'), recordedSchema);
  let events: RecordedAnalyticsEvent[] = (await file.read())?.events ?? [];
  const record = async (received: RecordedAnalyticsEvent[]) => {
    events = [...events, ...received].slice(-KEPT);
    await file.write({ events });
  };

  const tag: Route['handle'] = async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendPlain(response, 405, 'Method Not Allowed');
    sendText(response, 200, 'text/javascript; charset=utf-8', ANALYTICS_TAG_SCRIPT);
  };

  const collect: Route['handle'] = async (request, response) => {
    if (request.method !== 'POST') return sendPlain(response, 405, 'Method Not Allowed');
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    await record(browserEvents(url.searchParams, await readBody(request, 64 * 1024)));
    sendNoContent(response);
  };

  const measurementProtocol: Route['handle'] = async (request, response) => {
    if (request.method !== 'POST') return sendPlain(response, 405, 'Method Not Allowed');
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    // Google answers 2xx to anything; the stand-in says what is wrong, so a sender is fixed here.
    if (
      url.searchParams.get('measurement_id') !== options.measurementId ||
      url.searchParams.get('api_secret') !== SANDBOX_MEASUREMENT_PROTOCOL_SECRET
    ) {
      return sendJson(response, 403, {
        message: `The stand-in takes measurement_id=${options.measurementId} and the sandbox's api_secret.`,
      });
    }
    let body: z.infer<typeof measurementProtocolSchema>;
    try {
      body = measurementProtocolSchema.parse(JSON.parse(await readBody(request, 128 * 1024)));
    } catch (error) {
      return sendJson(response, 400, {
        message: `Not a Measurement Protocol body: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const time = new Date().toISOString();
    await record(
      body.events.map((event) => {
        const unknownParams = unknownOf(event.name, event.params);
        return {
          time,
          source: 'server' as const,
          measurementId: options.measurementId,
          event: event.name,
          params: event.params,
          consent: body.consent ?? null,
          clientId: body.client_id,
          ...(body.user_id ? { userId: body.user_id } : {}),
          ...(unknownParams ? { unknownParams } : {}),
        };
      }),
    );
    sendNoContent(response);
  };

  const api = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'DELETE') {
      events = [];
      await file.write({ events });
      return sendNoContent(response);
    }
    if (request.method !== 'GET') return sendJson(response, 405, { message: 'Method Not Allowed' });
    sendJson(response, 200, { events });
  };

  const panel: InboxPanel = async () => {
    const shown = events.slice(-SHOWN).reverse();
    const signature = signatureOf(shown.map((event) => `${event.time} ${event.event}`));
    const head = `<div class="panel-head"><h2 class="section-title" id="analytics-title">Analytics</h2><p>What GA4 would receive (the stand-in for measurement id <code>${escapeHtml(options.measurementId)}</code>): the browser's events, sent only once analytics is accepted, and the server's Measurement Protocol calls; newest first, also <code>GET ${SANDBOX_ANALYTICS_API_PATH}</code>.</p></div>`;
    const body = shown.length
      ? `<ul class="rows">${shown.map(renderEvent).join('\n')}</ul>`
      : `<p class="none">Nothing has arrived. Until a visitor accepts analytics the browser loads no tag and sends nothing, so with analytics refused this list stays empty.</p>`;
    return `<section id="analytics" class="panel" data-region="analytics" data-signature="${escapeHtml(signature)}" aria-labelledby="analytics-title">
${head}
${body}
</section>`;
  };

  return {
    routes: [
      { prefix: `${GA4_STAND_IN_PATH}${GA4_SCRIPT_PATH}`, name: 'the GA4 stand-in', handle: tag },
      {
        prefix: `${GA4_STAND_IN_PATH}${GA4_COLLECT_PATH}`,
        name: 'the GA4 stand-in',
        handle: collect,
      },
      {
        prefix: `${GA4_STAND_IN_PATH}${GA4_MEASUREMENT_PROTOCOL_PATH}`,
        name: 'the GA4 stand-in',
        handle: measurementProtocol,
      },
      { prefix: SANDBOX_ANALYTICS_API_PATH, name: 'the GA4 stand-in', handle: api },
    ],
    panel,
    stop: () => undefined,
  };
};
