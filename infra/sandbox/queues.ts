import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { escapeHtml, signatureOf } from './html';
import type { InboxPanel } from './inbox';
import { errorMessage, readBody, sendJson } from './responses';
import type { Route } from './service';

/**
 * The sandbox's stand-in for SQS and the event sources of queued jobs (`QUEUED_JOBS` in
 * functions/catalogue.ts), with SQS's semantics: a sent item waits its delay, then is received by
 * the job — at most `maxConcurrency` invocations at once, `batchSize` items each — and stays out
 * of sight for the visibility time-out; an item the job reports failed (`batchItemFailures`), or
 * every item of an invocation that threw, comes back once that time-out has passed (at least once:
 * never lost, possibly delivered again); one received `maxReceiveCount` times that comes back once
 * more is moved to the queue's dead letters instead. Items live in memory: a restart empties
 * the queues.
 *
 *   POST /_sandbox/api/queues/{job}/messages   { items: [{ body, delaySeconds? }] } → 200 { sent }
 *   GET  /_sandbox/api/queues                  { queues: [{ job, waiting, delayed, inFlight, done, deadLetters }] }
 *
 * and the Queues panel of `/_sandbox`, which lists each queue and its dead letters.
 */

export interface SandboxQueueSettings {
  readonly maxConcurrency: number;
  readonly maxReceiveCount: number;
  readonly batchSize: number;
  readonly visibilityTimeoutSeconds: number;
}

/** Runs the job's handler with an SQS event, answering what it answered (or throwing). */
export type InvokeJob = (job: string, event: SQSEvent) => Promise<unknown>;

interface Message {
  readonly messageId: string;
  readonly body: string;
  readonly sentAt: number;
  /** Epoch ms from which it may be received (its delay, then each visibility time-out). */
  visibleAt: number;
  receiveCount: number;
  receiptHandle?: string;
  /** With the job now (the sandbox never hands out an item its job still holds). */
  inFlight: boolean;
}

export interface DeadLetter {
  readonly messageId: string;
  readonly body: string;
  readonly receiveCount: number;
  readonly sentAt: string;
  readonly deadAt: string;
}

export interface QueueView {
  readonly job: string;
  /** Receivable now. */
  readonly waiting: number;
  /** Sent with a delay, or back from a failure, and not receivable yet. */
  readonly delayed: number;
  readonly inFlight: number;
  /** Items the job finished (reported done). */
  readonly done: number;
  readonly deadLetters: readonly DeadLetter[];
}

export interface SandboxQueues {
  routes: Route[];
  panel: InboxPanel;
  /** The queue's items, by state; `undefined` for a job without a queue. */
  view(job: string): QueueView | undefined;
  send(job: string, items: readonly { body: unknown; delaySeconds?: number }[]): number;
  stop(): Promise<void>;
}

/** The address a function sends a queued job's items to (its `QUEUE_<JOB>_URL`). */
export const sandboxQueueUrl = (origin: string, job: string): string =>
  `${origin}/_sandbox/api/queues/${encodeURIComponent(job)}`;

const sendSchema = z.object({
  items: z
    .array(
      z.object({
        body: z.record(z.string(), z.unknown()),
        delaySeconds: z.number().min(0).max(900).optional(),
      }),
    )
    .max(10_000),
});

const batchResponseSchema = z.object({
  batchItemFailures: z.array(z.object({ itemIdentifier: z.string() })),
});

/** How often the queues look for items that became receivable. */
const POLL_MS = 50;
/** Dead letters listed on the page; the JSON lists them all. */
const SHOWN = 20;

const recordOf = (job: string, message: Message, now: number): SQSRecord => ({
  messageId: message.messageId,
  receiptHandle: message.receiptHandle!,
  body: message.body,
  attributes: {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
    SenderId: 'sandbox',
    ApproximateFirstReceiveTimestamp: String(now),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:sailpost-sandbox-${job}`,
  awsRegion: 'us-east-1',
});

export const startSandboxQueues = (options: {
  queues: Readonly<Record<string, SandboxQueueSettings>>;
  invoke: InvokeJob;
  /** For tests: epoch milliseconds. */
  clock?: () => number;
}): SandboxQueues => {
  const clock = options.clock ?? Date.now;
  const state = new Map(
    Object.entries(options.queues).map(([job, settings]) => [
      job,
      {
        settings,
        messages: [] as Message[],
        inFlight: 0,
        done: 0,
        deadLetters: [] as DeadLetter[],
      },
    ]),
  );
  const underWay = new Set<Promise<void>>();
  let stopped = false;

  const deliver = async (job: string, batch: Message[]) => {
    const queue = state.get(job)!;
    const now = clock();
    let failed: Set<string>;
    try {
      const answer = await options.invoke(job, {
        Records: batch.map((message) => recordOf(job, message, now)),
      });
      failed = new Set(
        batchResponseSchema
          .parse(answer ?? { batchItemFailures: [] })
          .batchItemFailures.map((failure) => failure.itemIdentifier),
      );
    } catch (error) {
      console.error(`[sandbox] the ${job} queue's invocation failed: ${errorMessage(error)}`);
      failed = new Set(batch.map((message) => message.messageId));
    }
    for (const message of batch) {
      message.inFlight = false;
      if (failed.has(message.messageId)) continue;
      queue.messages.splice(queue.messages.indexOf(message), 1);
      queue.done += 1;
    }
    queue.inFlight -= 1;
  };

  /** Receives what is receivable, as SQS's event source would, up to each queue's concurrency. */
  const pump = () => {
    if (stopped) return;
    const now = clock();
    for (const [job, queue] of state) {
      const { maxConcurrency, maxReceiveCount, batchSize, visibilityTimeoutSeconds } =
        queue.settings;
      while (queue.inFlight < maxConcurrency) {
        const batch: Message[] = [];
        for (const message of [...queue.messages]) {
          if (batch.length === batchSize) break;
          if (message.inFlight || message.visibleAt > now) continue;
          if (message.receiveCount >= maxReceiveCount) {
            // Back once more after its last receive: the redrive policy moves it.
            queue.messages.splice(queue.messages.indexOf(message), 1);
            queue.deadLetters.push({
              messageId: message.messageId,
              body: message.body,
              receiveCount: message.receiveCount,
              sentAt: new Date(message.sentAt).toISOString(),
              deadAt: new Date(now).toISOString(),
            });
            continue;
          }
          message.receiveCount += 1;
          message.receiptHandle = randomUUID();
          message.inFlight = true;
          message.visibleAt = now + visibilityTimeoutSeconds * 1000;
          batch.push(message);
        }
        if (!batch.length) break;
        queue.inFlight += 1;
        const delivery = deliver(job, batch);
        underWay.add(delivery);
        void delivery.finally(() => {
          underWay.delete(delivery);
          pump();
        });
      }
    }
  };
  const timer = setInterval(pump, POLL_MS);
  timer.unref();

  const send: SandboxQueues['send'] = (job, items) => {
    const queue = state.get(job);
    if (!queue) throw new Error(`The ${job} job has no queue.`);
    const now = clock();
    for (const item of items) {
      queue.messages.push({
        messageId: randomUUID(),
        body: JSON.stringify(item.body),
        sentAt: now,
        visibleAt: now + (item.delaySeconds ?? 0) * 1000,
        receiveCount: 0,
        inFlight: false,
      });
    }
    queueMicrotask(pump);
    return items.length;
  };

  const view = (job: string): QueueView | undefined => {
    const queue = state.get(job);
    if (!queue) return undefined;
    const now = clock();
    const held = queue.messages.filter((message) => !message.inFlight);
    return {
      job,
      waiting: held.filter((message) => message.visibleAt <= now).length,
      delayed: held.filter((message) => message.visibleAt > now).length,
      inFlight: queue.messages.length - held.length,
      done: queue.done,
      deadLetters: [...queue.deadLetters],
    };
  };

  const api = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    if (request.method === 'GET' && path === '/_sandbox/api/queues') {
      return sendJson(response, 200, { queues: [...state.keys()].map(view) });
    }
    const match = /^\/_sandbox\/api\/queues\/([^/]+)\/messages$/.exec(path);
    const job = match ? decodeURIComponent(match[1]!) : undefined;
    if (request.method !== 'POST' || !job) {
      return sendJson(response, 404, { message: 'Not Found' });
    }
    if (!state.has(job))
      return sendJson(response, 404, { message: `The ${job} job has no queue.` });
    const parsed = sendSchema.safeParse(JSON.parse((await readBody(request)) || '{}'));
    if (!parsed.success) return sendJson(response, 400, { message: parsed.error.message });
    sendJson(response, 200, { sent: send(job, parsed.data.items) });
  };

  const renderQueue = (queue: QueueView): string => {
    const letters = queue.deadLetters
      .slice(-SHOWN)
      .reverse()
      .map(
        (letter) =>
          `<li class="row"><div class="row-main"><span class="row-title"><span class="badge badge-alarm">Dead letter</span><code>${escapeHtml(letter.body)}</code></span><span class="row-detail">received ${letter.receiveCount} times · sent ${escapeHtml(letter.sentAt)} · dead ${escapeHtml(letter.deadAt)}</span></div></li>`,
      )
      .join('\n');
    return `<h3>${escapeHtml(queue.job)}</h3>
<p>${queue.waiting} waiting · ${queue.delayed} delayed · ${queue.inFlight} in flight · ${queue.done} done · ${queue.deadLetters.length} dead letters</p>
${letters ? `<ul class="rows">${letters}</ul>` : '<p class="none">No dead letters.</p>'}`;
  };

  const panel: InboxPanel = async () => {
    const views = [...state.keys()].map((job) => view(job)!);
    const signature = signatureOf(
      views.map((queue) => `${queue.job}:${queue.done}:${queue.deadLetters.length}`),
    );
    const dead = views.some((queue) => queue.deadLetters.length > 0);
    return `<section id="queues" class="panel${dead ? ' panel-alarm' : ''}" data-region="queues" data-signature="${escapeHtml(signature)}" aria-labelledby="queues-title">
<div class="panel-head"><h2 class="section-title" id="queues-title">Queues</h2><p>The queued jobs' work items as SQS holds them in AWS, and the items that ended in each dead-letter queue; also <code>GET /_sandbox/api/queues</code>.</p></div>
${views.map(renderQueue).join('\n')}
</section>`;
  };

  return {
    routes: [{ prefix: '/_sandbox/api/queues', name: 'the sandbox queues', handle: api }],
    panel,
    view,
    send,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...underWay]);
    },
  };
};
