import type { OutboxMessage } from '#functions/integrations/outbox/outbox-entity';
import { escapeHtml, signatureOf } from './html';

/**
 * The `/_sandbox` page: the dev inbox (every email and text the sandbox "sent", newest first) and
 * the panels other services add above it (the events service's schedules). It refreshes itself
 * every 5 s, region by region, only where something changed.
 */

export type Channel = OutboxMessage['channel'];

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

export const pageHref = (query: {
  channel?: Channel | undefined;
  to?: string | undefined;
}): string => {
  const params = new URLSearchParams();
  if (query.channel) params.set('channel', query.channel);
  if (query.to) params.set('to', query.to);
  const search = params.toString();
  return `/_sandbox${search ? `?${search}` : ''}`;
};

export interface InboxView {
  /** Every message matching `to` (all channels), newest first. */
  messages: readonly OutboxMessage[];
  channel?: Channel | undefined;
  to?: string | undefined;
  /** Shown instead of the list when the outbox could not be read. */
  error?: string | undefined;
  /** Other services' sections of the page (the events service's schedules), as HTML, in order. */
  panels?: readonly string[];
}

const renderMessage = (message: OutboxMessage): string => {
  const time = `<time data-relative datetime="${escapeHtml(message.createdAt)}" title="${escapeHtml(message.createdAt)}">${escapeHtml(
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
<div class="list">
${list}
</div>`;
};

/** The parts of the page that refresh themselves: each service's panel, then the messages. */
export const renderInboxRegions = (view: InboxView): string => {
  const signature = view.error
    ? 'error'
    : signatureOf([
        view.channel ?? 'all',
        view.to ?? '',
        ...view.messages.map((message) => message.messageId),
      ]);
  return `${(view.panels ?? []).join('\n')}
<section id="content" class="messages" data-region="messages" data-signature="${escapeHtml(signature)}" aria-labelledby="messages-title">
<h2 class="section-title" id="messages-title">Messages</h2>
${renderInboxContent(view)}
</section>`;
};

const STYLES = `
:root { --bg:#f5f7fb; --card:#fff; --text:#1f2937; --muted:#6b7280; --line:#e5e7eb; --accent:#4f46e5;
  --accent-soft:#eceafd; --sms:#047857; --sms-soft:#e3f6ef; --bubble:#eef1f6; --warn-soft:#fff7e6; --warn:#92400e;
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
.badge-alarm { background:var(--warn); color:var(--card); }
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
.section-title { font-size:17px; margin:0 0 12px; }
.panel { background:var(--card); border:1px solid var(--line); border-radius:12px; padding:16px 18px; margin-bottom:28px; }
.panel-alarm { background:var(--warn-soft); border-color:var(--warn); }
.panel-head { display:flex; align-items:baseline; gap:4px 12px; flex-wrap:wrap; }
.panel-head h2 { margin:0; }
.panel-head p { margin:0; font-size:13px; color:var(--muted); }
.panel h3 { font-size:12px; font-weight:700; text-transform:uppercase; letter-spacing:.05em; color:var(--muted); margin:18px 0 2px; }
.panel h3 .count { text-transform:none; letter-spacing:0; }
.panel .none { font-size:14px; color:var(--muted); margin:6px 0 0; }
.rows { list-style:none; margin:0; padding:0; }
.row { display:flex; gap:16px; align-items:center; justify-content:space-between; padding:10px 0; border-top:1px solid var(--line); }
.row:first-child { border-top:0; }
.row-main { min-width:0; display:flex; flex-direction:column; gap:3px; }
.row-title { display:flex; align-items:center; gap:8px; flex-wrap:wrap; font-weight:600; overflow-wrap:anywhere; }
.row-detail { font-size:13px; color:var(--muted); overflow-wrap:anywhere; }
.row-detail code { font-size:12.5px; background:var(--bg); padding:1px 5px; border-radius:5px; color:var(--text); }
.row-side { display:flex; align-items:center; gap:10px; flex-shrink:0; }
.row-side form { margin:0; }
.badge-job { background:var(--bubble); color:var(--text); text-transform:none; letter-spacing:0; font-size:12px; }
.outcome { font-size:12px; font-weight:600; padding:2px 10px; border-radius:999px; background:var(--line); color:var(--text); white-space:nowrap; }
.outcome-done { background:var(--sms-soft); color:var(--sms); }
.outcome-duplicate { background:var(--accent-soft); color:var(--accent); }
.outcome-failed { background:var(--warn-soft); color:var(--warn); }
.error-text { color:var(--warn); }
.thread { margin:8px 0; display:flex; flex-direction:column; gap:6px; }
.thread li { display:flex; flex-direction:column; font-size:12px; }
.thread li.reply { align-items:flex-end; }
.thread li.reply .bubble { border-radius:16px 16px 4px 16px; background:var(--sms-soft); }
.thread .bubble { margin-top:2px; font-size:14px; }
.conversation form { display:flex; gap:8px; }
.conversation input[name="body"] { flex:1; font:inherit; padding:7px 10px; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--text); }
.morning-now { display:flex; flex-wrap:wrap; align-items:center; gap:6px 8px; margin:4px 0 0; }
.morning-now select { font:inherit; max-width:100%; min-width:0; padding:6px 8px; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--text); }
@media (max-width:560px) { .row { flex-direction:column; align-items:flex-start; } .row-main { width:100%; } }
`;

const SCRIPT = `
const status = document.getElementById('status');
const seen = new Set([...document.querySelectorAll('[data-region="messages"] [data-id]')].map((el) => el.dataset.id));
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
  for (const el of document.querySelectorAll('time[data-relative]')) {
    const date = new Date(el.getAttribute('datetime'));
    el.textContent = relative(date);
    el.title = date.toLocaleString();
  }
}
async function refresh() {
  try {
    const response = await fetch(location.pathname + location.search, { headers: { 'x-sandbox-fragment': '1' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    const next = document.createElement('div');
    next.innerHTML = await response.text();
    for (const region of [...next.querySelectorAll(':scope > [data-region]')]) {
      const current = document.querySelector('[data-region="' + region.dataset.region + '"]');
      if (!current || current.dataset.signature === region.dataset.signature) continue;
      const open = new Set([...current.querySelectorAll('details[open]')].map((el) => el.closest('[data-id]')?.dataset.id));
      // A pick (Morning now's company) survives the swap while its option is still offered.
      const picked = [...current.querySelectorAll('select[id]')].map((el) => [el.id, el.value]);
      current.replaceWith(region);
      for (const [id, value] of picked) {
        const select = region.querySelector('#' + id);
        if (select && [...select.options].some((option) => option.value === value)) select.value = value;
      }
      for (const el of region.querySelectorAll('[data-id]')) {
        if (region.dataset.region === 'messages' && !seen.has(el.dataset.id)) { el.classList.add('is-new'); seen.add(el.dataset.id); setTimeout(() => el.classList.remove('is-new'), 4000); }
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
  <header class="top">
    <div class="brand"><div class="logo" aria-hidden="true">S</div><div><h1>Dev inbox</h1><span class="pill">Sandbox mode</span></div></div>
    <div class="actions"><span id="status" aria-live="polite">Refreshes every 5 s</span><button id="refresh" type="button">Refresh</button></div>
  </header>
  <main>
  <p class="intro"><strong>Nothing here was really sent.</strong> Sailpost is running on this machine with local stand-ins
  for email, text messages, X and LinkedIn: everything it would have sent or posted lands here instead, newest first.
  Links point to this sandbox, so sign-up and password-reset flows can be clicked through. Tests read the same lists as
  JSON: <code>GET /_sandbox/api/messages?to=…&amp;channel=email|sms</code>, <code>GET /_sandbox/api/posts</code> and <code>GET /_sandbox/api/alarms</code>.</p>
${renderInboxRegions(view)}
  </main>
  <footer>Sailpost sandbox · <a href="/">Open the app</a></footer>
</div>
<script nonce="${escapeHtml(nonce)}">${SCRIPT}</script>
</body>
</html>`;
