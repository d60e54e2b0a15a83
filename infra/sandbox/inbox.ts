import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withEnvironment, type Environment } from '#functions/core/environment';
import {
  listOutboxMessages,
  type OutboxMessage,
} from '#functions/integrations/outbox/outbox-entity';
import { withCompression } from './compress';
import { escapeHtml } from './html';
import {
  pageHref,
  renderInboxPage,
  renderInboxRegions,
  type Channel,
  type InboxView,
} from './inbox-page';
import { errorMessage, sendJson, sendText } from './responses';
import type { Service } from './service';

/**
 * The dev inbox at `/_sandbox`: every email and text message the sandbox "sent" (the outbox
 * stand-ins record them instead of calling SES or SNS), newest first, below the panels other
 * services add to the page. Tests read the same list as JSON from
 * `/_sandbox/api/messages?to=<address>&channel=email|sms`.
 */

export type ListMessages = (filter: { to?: string; limit?: number }) => Promise<OutboxMessage[]>;

/** A section another service adds to the page; `returnTo` is where its forms send the browser back. */
export type InboxPanel = (context: { returnTo: string }) => Promise<string>;

export interface InboxOptions {
  /** Defaults to the outbox in DynamoDB. */
  listMessages?: ListMessages;
  /** The environment the outbox is read in (the sandbox's own code runs with a declaration too). */
  environment?: Environment;
  panels?: readonly InboxPanel[];
}

export interface Inbox {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

const CHANNELS: readonly Channel[] = ['email', 'sms'];
const isChannel = (value: string): value is Channel =>
  (CHANNELS as readonly string[]).includes(value);

export const createInbox = (options: InboxOptions = {}): Inbox => {
  const list = options.listMessages ?? listOutboxMessages;
  const listMessages: ListMessages = options.environment
    ? (filter) => withEnvironment(options.environment!, () => list(filter))
    : list;
  const panels = options.panels ?? [];

  return {
    async handle(request, response) {
      const url = new URL(request.url ?? '/', 'http://sandbox.local');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const to = url.searchParams.get('to')?.trim() || undefined;
      const channelParam = url.searchParams.get('channel') || undefined;

      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendJson(response, 405, { message: 'Method Not Allowed' });
        return;
      }

      if (path === '/_sandbox/api/messages') {
        if (channelParam !== undefined && !isChannel(channelParam)) {
          sendJson(response, 400, { message: 'channel must be "email" or "sms"' });
          return;
        }
        const limitParam = url.searchParams.get('limit');
        const limit = limitParam === null ? undefined : Number(limitParam);
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) {
          sendJson(response, 400, { message: 'limit must be a whole number from 1 to 1000' });
          return;
        }
        try {
          const messages = await listMessages({ to, ...(limit ? { limit } : {}) });
          sendJson(response, 200, {
            messages: channelParam
              ? messages.filter((message) => message.channel === channelParam)
              : messages,
          });
        } catch (error) {
          console.error('[sandbox] the dev inbox could not read the outbox:', error);
          sendJson(response, 500, {
            message: `The outbox could not be read: ${errorMessage(error)}`,
          });
        }
        return;
      }

      if (path === '/_sandbox') {
        const channel = channelParam && isChannel(channelParam) ? channelParam : undefined;
        const returnTo = pageHref({ channel, to });
        const [messages, panelHtml] = await Promise.all([
          listMessages({ to }).then(
            (found) => ({ found }),
            (error: unknown) => {
              console.error('[sandbox] the dev inbox could not read the outbox:', error);
              return { error: errorMessage(error) };
            },
          ),
          Promise.all(panels.map((panel) => panel({ returnTo }))),
        ]);
        const view: InboxView =
          'found' in messages
            ? { messages: messages.found, channel, to, panels: panelHtml }
            : { messages: [], channel, to, panels: panelHtml, error: messages.error };
        if (request.headers['x-sandbox-fragment'] === '1') {
          sendText(response, 200, 'text/html; charset=utf-8', renderInboxRegions(view));
          return;
        }
        const nonce = randomBytes(16).toString('base64');
        sendText(response, 200, 'text/html; charset=utf-8', renderInboxPage(view, nonce), {
          'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src * data:; form-action 'self'; frame-ancestors 'none'`,
          'referrer-policy': 'no-referrer',
        });
        return;
      }

      sendText(
        response,
        404,
        'text/html; charset=utf-8',
        `<!doctype html><meta charset="utf-8"><title>Not found · Sailpost sandbox</title><p style="font-family:system-ui;padding:40px">Nothing at <code>${escapeHtml(
          path,
        )}</code> in the sandbox. <a href="/_sandbox">Open the dev inbox</a>.</p>`,
      );
    },
  };
};

/** The inbox as a sandbox service: `/_sandbox` and below, compressed as CloudFront would. */
export const startInbox = (options: InboxOptions): Service => {
  const inbox = createInbox(options);
  return {
    routes: [{ prefix: '/_sandbox', name: 'the dev inbox', handle: withCompression(inbox.handle) }],
    stop: () => undefined,
  };
};
