import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { normaliseUsPhone } from '#shared/contract/fields';
import { withEnvironment, type Environment } from '#functions/core/environment';
import {
  listOutboxMessages,
  recordOutboxMessage,
  type OutboxMessage,
} from '#functions/integrations/outbox/outbox-entity';
import type { Events } from './events-service';
import { escapeHtml } from './html';
import type { InboxPanel } from './inbox';
import { autolink } from './inbox-page';
import { errorMessage, readBody, redirect, sendJson } from './responses';
import type { Route } from './service';

/**
 * The sandbox phone: texts a number sent, and the replies typed for it, as one conversation per
 * number; a reply is delivered to the `sms-inbound` job as End User Messaging would deliver it
 * (the bare two-way SMS message the topic carries), through the sandbox's job runner.
 *
 *   POST /_sandbox/api/sms/inbound   { from, body } → 200 { outcome }  (the job's outcome)
 *   POST /_sandbox/sms/reply         the page's reply form (from, body, returnTo) → back to the page
 *
 * Replies are kept in the outbox addressed to Sailpost's own number, from the phone that sent
 * them, so `?to=<phone>` keeps listing only what Sailpost sent to it.
 */

/** The number Sailpost texts from in the sandbox (a fictional 555 number). */
export const SANDBOX_SAILPOST_NUMBER = '+15555550100';

const inboundBody = z.object({
  from: z
    .string()
    .min(1)
    .max(32)
    .transform((from, context) => {
      const phone = normaliseUsPhone(from);
      if (phone.ok) return phone.value;
      context.addIssue({ code: 'custom', message: phone.message });
      return z.NEVER;
    }),
  body: z.string().max(1600),
});

export interface SmsPhone {
  routes: Route[];
  panel: InboxPanel;
}

export const smsPhone = (options: { events: Events; environment: Environment }): SmsPhone => {
  const { events, environment } = options;

  /** Records the reply and runs the job with the message AWS would publish. */
  const deliver = async (from: string, body: string) => {
    const inboundMessageId = randomUUID();
    await withEnvironment(environment, () =>
      recordOutboxMessage({ channel: 'sms', to: SANDBOX_SAILPOST_NUMBER, from, text: body }),
    );
    return events.runJob('sms-inbound', {
      originationNumber: from,
      destinationNumber: SANDBOX_SAILPOST_NUMBER,
      messageKeyword: body.trim().split(/\s+/)[0]?.toUpperCase() ?? '',
      messageBody: body,
      inboundMessageId,
      previousPublishedMessageId: '',
    });
  };

  const api = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST')
      return sendJson(response, 405, { message: 'Method Not Allowed' });
    let json: unknown;
    try {
      json = JSON.parse((await readBody(request)) || '{}');
    } catch {
      return sendJson(response, 400, { message: 'The body is not JSON.' });
    }
    const parsed = inboundBody.safeParse(json);
    if (!parsed.success) {
      return sendJson(response, 400, {
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'body'} ${issue.message}`)
          .join('; '),
      });
    }
    sendJson(response, 200, { outcome: await deliver(parsed.data.from, parsed.data.body) });
  };

  const form = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST')
      return sendJson(response, 405, { message: 'Method Not Allowed' });
    const fields = new URLSearchParams(await readBody(request));
    const returnTo = fields.get('returnTo') ?? '/_sandbox';
    const back = /^\/_sandbox(\?[^#]*)?$/.test(returnTo) ? returnTo : '/_sandbox';
    const parsed = inboundBody.safeParse({ from: fields.get('from'), body: fields.get('body') });
    if (parsed.success && parsed.data.body.trim()) {
      await deliver(parsed.data.from, parsed.data.body);
    }
    redirect(response, `${back}#phone`);
  };

  /** Each number's conversation, newest number first, the last few messages each. */
  const panel: InboxPanel = async ({ returnTo }) => {
    let messages: OutboxMessage[];
    try {
      messages = await withEnvironment(environment, () => listOutboxMessages({ limit: 300 }));
    } catch (error) {
      return `<section id="phone" class="panel" data-region="phone"><p class="error-text">${escapeHtml(errorMessage(error))}</p></section>`;
    }
    const texts = messages.filter((message) => message.channel === 'sms');
    const numbers: string[] = [];
    const byNumber = new Map<string, OutboxMessage[]>();
    for (const message of texts) {
      const number = message.to === SANDBOX_SAILPOST_NUMBER ? message.from : message.to;
      if (!number) continue;
      if (!byNumber.has(number)) {
        byNumber.set(number, []);
        numbers.push(number);
      }
      byNumber.get(number)!.push(message);
    }
    const conversations = numbers.slice(0, 10).map((number) => {
      const thread = byNumber.get(number)!.slice(0, 8).reverse();
      const bubbles = thread
        .map((message) => {
          const mine = message.to === SANDBOX_SAILPOST_NUMBER;
          return `<li class="${mine ? 'reply' : 'sent'}" data-id="${escapeHtml(message.messageId)}"><span class="muted">${mine ? 'Reply' : 'Sailpost'}</span><div class="bubble">${autolink(message.text)}</div></li>`;
        })
        .join('');
      return `<li class="row conversation"><div class="row-main"><span class="row-title">${escapeHtml(number)}</span><ol class="rows thread">${bubbles}</ol>
<form method="post" action="/_sandbox/sms/reply"><input type="hidden" name="from" value="${escapeHtml(number)}"><input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}"><input name="body" aria-label="Reply from ${escapeHtml(number)}" placeholder="Reply, e.g. 1 YES" maxlength="1600" required> <button type="submit">Send reply</button></form></div></li>`;
    });
    const signature = texts
      .slice(0, 50)
      .map((message) => message.messageId)
      .join(',');
    return `<section id="phone" class="panel" data-region="phone" data-signature="${escapeHtml(signature)}" aria-labelledby="phone-title">
<div class="panel-head"><h2 class="section-title" id="phone-title">Phone</h2><p>Texts per number and their replies; a reply runs the <code>sms-inbound</code> job as a text to Sailpost would (also <code>POST /_sandbox/api/sms/inbound</code> with <code>{ from, body }</code>).</p></div>
${conversations.length ? `<ul class="rows">${conversations.join('\n')}</ul>` : '<p class="none">No texts yet.</p>'}
</section>`;
  };

  return {
    routes: [
      { prefix: '/_sandbox/api/sms/inbound', name: 'the sandbox phone', handle: api },
      { prefix: '/_sandbox/sms/reply', name: 'the sandbox phone', handle: form },
    ],
    panel,
  };
};
