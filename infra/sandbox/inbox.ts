import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  listOutboxMessages,
  type OutboxMessage,
} from '#functions/integrations/outbox/outbox-entity';

/**
 * The dev inbox at `/_sandbox`: every email and text message the sandbox "sent" (the outbox
 * stand-ins record them instead of calling SES or SNS), newest first. Tests read the same list as
 * JSON from `/_sandbox/api/messages?to=<address>&channel=email|sms`.
 */

export type Channel = OutboxMessage['channel'];
export type ListMessages = (filter: { to?: string; limit?: number }) => Promise<OutboxMessage[]>;

export interface InboxOptions {
  /** Defaults to the outbox in DynamoDB. */
  listMessages?: ListMessages;
}

export interface Inbox {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

const CHANNELS: readonly Channel[] = ['email', 'sms'];
const isChannel = (value: string): value is Channel =>
  (CHANNELS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------
// HTML helpers

export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes text and turns http(s) URLs into links (trailing punctuation stays outside the link). */
export const autolink = (text: string): string => {
  let html = '';
  let last = 0;
  for (const found of text.matchAll(URL_PATTERN)) {
    let url = found[0];
    const trailing = /[.,;:!?)\]]+$/.exec(url);
    if (trailing) url = url.slice(0, -trailing[0].length);
    const start = found.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
};

const pageHref = (query: { channel?: Channel | undefined; to?: string | undefined }): string => {
  const params = new URLSearchParams();
  if (query.channel) params.set('channel', query.channel);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  return `/_sandbox${search ? `?${search}` : ''}`;
};

/** A cheap fingerprint of the list: the page's auto-refresh swaps content only when it changes. */
const signatureOf = (messages: readonly OutboxMessage[]): string => {
  let hash = 0;
  for (const character of messages.map((message) => message.messageId).join('|')) {
    hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  }
  return `${messages.length}-${(hash >>> 0).toString(36)}`;
};

// ---------------------------------------------------------------------------------------------
// Rendering

export interface InboxView {
  /** Every message matching `to` (all channels), newest first. */
  messages: readonly OutboxMessage[];
  channel?: Channel | undefined;
  to?: string | undefined;
  /** Shown instead of the list when the outbox could not be read. */
  error?: string | undefined;
}

const renderMessage = (message: OutboxMessage): string => {
  const time = `<time datetime="${escapeHtml(message.createdAt)}" title="${escapeHtml(message.createdAt)}">${escapeHtml(
    message.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  )}</time>`;
  const recipient = `<a class="recipient" href="${escapeHtml(pageHref({ to: message.to }))}" title="Only messages to ${escapeHtml(
    message.to,
  )}">${escapeHtml(message.to)}</a>`;

  if (message.channel === 'sms') {
    return `<article class="message sms" data-id="${escapeHtml(message.messageId)}">
  <header><span class="badge badge-sms">SMS</span><span class="meta">To ${recipient}${
    message.from ? ` <span class="muted">from ${escapeHtml(message.from)}</span>` : ''
  }</span>${time}</header>
  <div class="bubble">${autolink(message.text)}</div>
</article>`;
  }

  const html = message.html
    ? `<details class="html-version"><summary>HTML version</summary><iframe title="HTML version of this email" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        `<base target="_blank">${message.html}`,
      )}"></iframe></details>`
    : '';
  return `<article class="message email" data-id="${escapeHtml(message.messageId)}">
  <header><span class="badge badge-email">Email</span><span class="meta">To ${recipient}${
    message.from ? ` <span class="muted">from ${escapeHtml(message.from)}</span>` : ''
  }</span>${time}</header>
  <h2 class="subject">${message.subject ? escapeHtml(message.subject) : '<span class="muted">(no subject)</span>'}</h2>
  <div class="text">${autolink(message.text)}</div>
  ${html}
</article>`;
};

/** The tabs and the list: the part of the page the auto-refresh replaces. */
export const renderInboxContent = (view: InboxView): string => {
  const counts = { all: view.messages.length, email: 0, sms: 0 };
  for (const message of view.messages) counts[message.channel] += 1;
  const shown = view.channel
    ? view.messages.filter((message) => message.channel === view.channel)
    : view.messages;

  const tab = (label: string, channel: Channel | undefined, count: number) => {
    const current = view.channel === channel;
    return `<a class="tab${current ? ' current' : ''}" href="${escapeHtml(pageHref({ channel, to: view.to }))}"${
      current ? ' aria-current="page"' : ''
    }>${label} <span class="count">${count}</span></a>`;
  };

  const filter = view.to
    ? `<p class="filter">Only messages to <strong>${escapeHtml(view.to)}</strong> · <a href="${escapeHtml(
        pageHref({ channel: view.channel }),
      )}">Show everyone's</a></p>`
    : '';

  let list: string;
  if (view.error) {
    list = `<div class="empty error"><h2>The outbox could not be read</h2><p>${escapeHtml(view.error)}</p></div>`;
  } else if (!shown.length) {
    const what =
      view.channel === 'sms' ? 'text messages' : view.channel === 'email' ? 'emails' : 'messages';
    list = `<div class="empty"><h2>No ${what} yet</h2><p>Sign up, verify a phone number or ask for a password reset in the app: what Sailpost sends shows up here within seconds.</p></div>`;
  } else {
    list = shown.map(renderMessage).join('\n');
  }

  return `<nav class="tabs" aria-label="Channels">${tab('All', undefined, counts.all)}${tab('Email', 'email', counts.email)}${tab(
    'SMS',
    'sms',
    counts.sms,
  )}</nav>
${filter}
<div class="list" data-signature="${escapeHtml(view.error ? 'error' : signatureOf(shown))}">
${list}
</div>`;
};

const STYLES = `
:root { --bg:#f5f7fb; --card:#fff; --text:#1f2937; --muted:#6b7280; --line:#e5e7eb; --accent:#4f46e5;
  --accent-soft:#eceafd; --sms:#0f9d74; --sms-soft:#e3f6ef; --bubble:#eef1f6; --warn-soft:#fff7e6; --warn:#92400e;
  color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg:#0f141c; --card:#171e29; --text:#e5e9f0; --muted:#94a0b4; --line:#263041;
  --accent:#7c9cff; --accent-soft:#1e2a47; --sms:#4fd1a5; --sms-soft:#143329; --bubble:#202a39; --warn-soft:#2d2413; --warn:#f5c46b; } }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; background:var(--bg); color:var(--text); }
a { color:var(--accent); }
.wrap { max-width:860px; margin:0 auto; padding:32px 20px 64px; }
.top { display:flex; align-items:center; justify-content:space-between; gap:16px; flex-wrap:wrap; }
.brand { display:flex; align-items:center; gap:12px; }
.logo { width:36px; height:36px; border-radius:10px; background:var(--accent); color:#fff; display:grid; place-items:center; font-weight:700; }
h1 { font-size:22px; margin:0; }
.pill { display:inline-block; font-size:12px; font-weight:600; letter-spacing:.02em; padding:2px 10px; border-radius:999px; background:var(--warn-soft); color:var(--warn); }
.actions { display:flex; align-items:center; gap:12px; color:var(--muted); font-size:13px; }
button { font:inherit; font-size:14px; padding:7px 14px; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--text); cursor:pointer; }
button:hover { border-color:var(--accent); }
.intro { margin:20px 0 24px; padding:14px 18px; border-radius:12px; background:var(--card); border:1px solid var(--line); color:var(--muted); font-size:14px; }
.intro strong { color:var(--text); }
.intro code { font-size:12.5px; background:var(--bg); padding:1px 5px; border-radius:5px; }
.tabs { display:flex; gap:6px; border-bottom:1px solid var(--line); margin-bottom:16px; }
.tab { padding:8px 14px; text-decoration:none; color:var(--muted); border-bottom:2px solid transparent; margin-bottom:-1px; font-weight:500; }
.tab:hover { color:var(--text); }
.tab.current { color:var(--accent); border-bottom-color:var(--accent); }
.count { display:inline-block; min-width:22px; text-align:center; font-size:12px; padding:0 6px; border-radius:999px; background:var(--line); color:var(--text); }
.tab.current .count { background:var(--accent-soft); color:var(--accent); }
.filter { font-size:14px; color:var(--muted); margin:0 0 16px; }
.list { display:flex; flex-direction:column; gap:14px; }
.message { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:16px 18px; transition:box-shadow .6s, border-color .6s; }
.message.is-new { border-color:var(--accent); box-shadow:0 0 0 3px var(--accent-soft); }
.message header { display:flex; align-items:center; gap:10px; flex-wrap:wrap; font-size:13px; color:var(--muted); }
.message header time { margin-left:auto; white-space:nowrap; }
.meta { min-width:0; overflow-wrap:anywhere; }
.recipient { color:var(--text); font-weight:600; text-decoration:none; }
.recipient:hover { text-decoration:underline; }
.muted { color:var(--muted); font-weight:400; }
.badge { font-size:11px; font-weight:700; text-transform:uppercase; letter-spacing:.05em; padding:2px 8px; border-radius:6px; }
.badge-email { background:var(--accent-soft); color:var(--accent); }
.badge-sms { background:var(--sms-soft); color:var(--sms); }
.subject { font-size:16px; margin:10px 0 6px; }
.text { white-space:pre-wrap; overflow-wrap:anywhere; }
.bubble { margin-top:10px; display:inline-block; max-width:560px; padding:10px 14px; border-radius:16px 16px 16px 4px; background:var(--bubble); white-space:pre-wrap; overflow-wrap:anywhere; }
.html-version { margin-top:12px; font-size:13px; }
.html-version summary { cursor:pointer; color:var(--muted); }
.html-version iframe { margin-top:8px; width:100%; height:360px; border:1px solid var(--line); border-radius:8px; background:#fff; }
.empty { text-align:center; padding:48px 20px; background:var(--card); border:1px dashed var(--line); border-radius:12px; color:var(--muted); }
.empty h2 { font-size:17px; color:var(--text); margin:0 0 6px; }
.empty.error h2 { color:var(--warn); }
footer { margin-top:28px; font-size:13px; color:var(--muted); }
`;

const SCRIPT = `
const content = document.getElementById('content');
const status = document.getElementById('status');
const seen = new Set([...content.querySelectorAll('[data-id]')].map((el) => el.dataset.id));
const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
function relative(date) {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const steps = [[60, 'second'], [60, 'minute'], [24, 'hour'], [7, 'day'], [Infinity, 'week']];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return rtf.format(unit === 'second' && Math.abs(value) < 10 ? 0 : value, unit);
    value = Math.round(value / size);
  }
}
function localizeTimes() {
  for (const el of content.querySelectorAll('time[datetime]')) {
    const date = new Date(el.getAttribute('datetime'));
    el.textContent = relative(date);
    el.title = date.toLocaleString();
  }
}
async function refresh() {
  try {
    const response = await fetch(location.href, { headers: { 'x-sandbox-fragment': '1' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    const html = await response.text();
    const next = document.createElement('div');
    next.innerHTML = html;
    const before = content.querySelector('.list')?.dataset.signature;
    const after = next.querySelector('.list')?.dataset.signature;
    if (before !== after) {
      const open = new Set([...content.querySelectorAll('details[open]')].map((el) => el.closest('[data-id]')?.dataset.id));
      content.replaceChildren(...next.childNodes);
      for (const el of content.querySelectorAll('[data-id]')) {
        if (!seen.has(el.dataset.id)) { el.classList.add('is-new'); seen.add(el.dataset.id); setTimeout(() => el.classList.remove('is-new'), 4000); }
        if (open.has(el.dataset.id)) el.querySelector('details')?.setAttribute('open', '');
      }
    }
    localizeTimes();
    status.textContent = 'Updated ' + new Date().toLocaleTimeString();
  } catch {
    status.textContent = 'Sandbox not reachable, retrying…';
  }
}
localizeTimes();
document.getElementById('refresh').addEventListener('click', refresh);
setInterval(() => { if (document.visibilityState === 'visible') refresh(); }, 5000);
`;

export const renderInboxPage = (view: InboxView, nonce: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev inbox · Sailpost sandbox</title>
<link rel="icon" href="data:,">
<style>${STYLES}</style>
</head>
<body>
<div class="wrap">
  <div class="top">
    <div class="brand"><div class="logo" aria-hidden="true">S</div><div><h1>Dev inbox</h1><span class="pill">Sandbox mode</span></div></div>
    <div class="actions"><span id="status" aria-live="polite">Refreshes every 5 s</span><button id="refresh" type="button">Refresh</button></div>
  </div>
  <p class="intro"><strong>Nothing here was really sent.</strong> Sailpost is running on this machine with local stand-ins
  for email and text messages: everything it would have sent lands here instead, newest first. Links point to this
  sandbox, so sign-up and password-reset flows can be clicked through. Tests read the same list as JSON:
  <code>GET /_sandbox/api/messages?to=…&amp;channel=email|sms</code>.</p>
  <section id="content">
${renderInboxContent(view)}
  </section>
  <footer>Sailpost sandbox · <a href="/">Open the app</a></footer>
</div>
<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>
</body>
</html>`;

// ---------------------------------------------------------------------------------------------
// HTTP

const sendText = (
  response: ServerResponse,
  statusCode: number,
  contentType: string,
  body: string,
  extraHeaders: Record<string, string> = {},
): void => {
  const buffer = Buffer.from(body);
  response.writeHead(statusCode, {
    'content-type': contentType,
    'content-length': buffer.length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  });
  response.end(response.req.method === 'HEAD' ? undefined : buffer);
};

const sendJson = (response: ServerResponse, statusCode: number, value: unknown): void =>
  sendText(response, statusCode, 'application/json; charset=utf-8', JSON.stringify(value));

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const createInbox = (options: InboxOptions = {}): Inbox => {
  const listMessages = options.listMessages ?? listOutboxMessages;

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
        let view: InboxView;
        try {
          view = { messages: await listMessages({ to }), channel, to };
        } catch (error) {
          console.error('[sandbox] the dev inbox could not read the outbox:', error);
          view = { messages: [], channel, to, error: errorMessage(error) };
        }
        if (request.headers['x-sandbox-fragment'] === '1') {
          sendText(response, 200, 'text/html; charset=utf-8', renderInboxContent(view));
          return;
        }
        const nonce = randomBytes(16).toString('base64');
        sendText(response, 200, 'text/html; charset=utf-8', renderInboxPage(view, nonce), {
          'content-security-policy': `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'`,
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
