import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '#functions/integrations/outbox/outbox-entity';
import { escapeHtml } from './html';
import { createInbox, type ListMessages } from './inbox';
import { autolink, renderInboxPage } from './inbox-page';

const messages: OutboxMessage[] = [
  {
    messageId: 'm2',
    channel: 'sms',
    to: '+15555550100',
    text: 'Your code is 123456. Open https://example.com/verify?a=1&b=2.',
    createdAt: '2026-03-12T19:04:00.000Z',
  },
  {
    messageId: 'm1',
    channel: 'email',
    to: 'ada@example.com',
    from: 'Sailpost <no-reply@sailpost.app>',
    subject: 'Reset <your> password',
    text: 'Hi <script>alert(1)</script>\nReset: http://localhost:3000/reset?token=abc"def',
    html: '<p onclick="x">Hi "there"</p>',
    createdAt: '2026-03-12T19:03:00.000Z',
  },
];

describe('escaping and links', () => {
  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('links http(s) URLs, leaving trailing punctuation and everything else escaped', () => {
    expect(autolink('See https://example.com/a?b=1&c=2. <b>')).toBe(
      'See <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">https://example.com/a?b=1&amp;c=2</a>. &lt;b&gt;',
    );
    expect(autolink('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('renderInboxPage', () => {
  const page = renderInboxPage({ messages }, 'nonce123');

  it('shows every message newest first with channel counts', () => {
    expect(page.indexOf('data-id="m2"')).toBeLessThan(page.indexOf('data-id="m1"'));
    expect(page).toContain('All <span class="count">2</span>');
    expect(page).toContain('Email <span class="count">1</span>');
    expect(page).toContain('SMS <span class="count">1</span>');
    expect(page).toContain('Sandbox mode');
  });

  it('never lets message content through as markup', () => {
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Reset &lt;your&gt; password');
    expect(page).toContain('href="http://localhost:3000/reset?token=abc"');
    // The HTML version is only ever inside a sandboxed iframe's srcdoc attribute.
    expect(page).toContain(
      'srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;x&quot;&gt;',
    );
    expect(page).toContain('<script nonce="nonce123">');
  });

  it('filters by channel', () => {
    const sms = renderInboxPage({ messages, channel: 'sms' }, 'n');
    expect(sms).toContain('data-id="m2"');
    expect(sms).not.toContain('data-id="m1"');
  });

  it('explains an empty inbox', () => {
    expect(renderInboxPage({ messages: [] }, 'n')).toContain('No messages yet');
  });
});

describe('createInbox over HTTP', () => {
  const calls: Parameters<ListMessages>[0][] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const inbox = createInbox({
      listMessages: async (filter) => {
        calls.push(filter);
        return filter.to ? messages.filter((message) => message.to === filter.to) : messages;
      },
    });
    server = createServer((req, res) => void inbox.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the JSON list, filtered by recipient and channel', async () => {
    const all = await fetch(`${base}/_sandbox/api/messages`);
    expect(all.headers.get('content-type')).toMatch(/^application\/json/);
    expect(
      ((await all.json()) as { messages: OutboxMessage[] }).messages.map((m) => m.messageId),
    ).toEqual(['m2', 'm1']);

    const emails = await fetch(
      `${base}/_sandbox/api/messages?to=${encodeURIComponent('ada@example.com')}&channel=email`,
    );
    expect(
      ((await emails.json()) as { messages: OutboxMessage[] }).messages.map((m) => m.messageId),
    ).toEqual(['m1']);
    expect(calls.at(-1)).toEqual({ to: 'ada@example.com' });

    const none = await fetch(`${base}/_sandbox/api/messages?to=ada%40example.com&channel=sms`);
    expect(await none.json()).toEqual({ messages: [] });
  });

  it('rejects an unknown channel', async () => {
    const response = await fetch(`${base}/_sandbox/api/messages?channel=fax`);
    expect(response.status).toBe(400);
  });

  it('serves the page with a script nonce in its CSP, and the fragment the page refreshes with', async () => {
    const page = await fetch(`${base}/_sandbox`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.text()).toContain(`<script nonce="${nonce}">`);

    const fragment = await fetch(`${base}/_sandbox?channel=email`, {
      headers: { 'x-sandbox-fragment': '1' },
    });
    const html = await fragment.text();
    expect(html).not.toContain('<!doctype html>');
    expect(html).toContain('data-id="m1"');
    expect(html).not.toContain('data-id="m2"');
  });

  it('answers 404 for other sandbox paths', async () => {
    expect((await fetch(`${base}/_sandbox/nothing`)).status).toBe(404);
  });
});

describe('panels of other services on the page', () => {
  const returns: string[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const inbox = createInbox({
      listMessages: async () => messages,
      panels: [
        async ({ returnTo }) => {
          returns.push(returnTo);
          return '<section data-region="schedules" data-signature="s1">Schedules here</section>';
        },
      ],
    });
    server = createServer((req, res) => void inbox.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('shows them above the messages, in the page and in the fragment, told where to come back to', async () => {
    const page = await (await fetch(`${base}/_sandbox?channel=sms`)).text();
    expect(page.indexOf('Schedules here')).toBeGreaterThan(-1);
    expect(page.indexOf('Schedules here')).toBeLessThan(page.indexOf('data-region="messages"'));
    expect(returns).toEqual(['/_sandbox?channel=sms']);

    const fragment = await (
      await fetch(`${base}/_sandbox`, { headers: { 'x-sandbox-fragment': '1' } })
    ).text();
    expect(fragment).toContain('data-region="schedules"');
    expect(fragment).toContain('data-region="messages"');
  });
});
