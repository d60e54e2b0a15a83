import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { jobQueueVariable } from '#functions/core/bindings';
import { withEnvironment } from '#functions/core/environment';
import { logger } from '#functions/core/logger';
import { sendTextNowOrLater } from '#functions/integrations/sms/text-later';
import { handler } from './handler';

/**
 * The text-later job: each text goes once however often its item is delivered, and a text that
 * meets the texting limit again goes back on the queue delayed by the wait. The claims are held in
 * memory with the conditional write's rule (no claim, or a running one whose lease has passed);
 * the sender records what it sends, or is over the limit when told.
 */
const state = vi.hoisted(() => ({
  sent: [] as { to: string; text: string }[],
  overLimitMs: 0,
  claims: new Map<string, { status: 'running' | 'done'; claimId: string; until: number }>(),
}));

vi.mock('#functions/integrations/sms/provider', async () => {
  const limits = await import('#functions/core/limits/throughput');
  return {
    smsSender: async () => ({
      send: async (message: { to: string; text: string }) => {
        if (state.overLimitMs) throw new limits.ThroughputWait('sms-texts', state.overLimitMs);
        state.sent.push(message);
      },
      optIn: async () => true,
    }),
  };
});

vi.mock('#functions/core/jobs/job-claim', () => ({
  claimJobRun: async (job: string, key: string, leaseMs: number) => {
    const held = state.claims.get(`${job}|${key}`);
    if (held && (held.status === 'done' || held.until > Date.now())) {
      return { claimed: false, heldAs: held.status };
    }
    const claim = { job, key, claimId: crypto.randomUUID() };
    state.claims.set(`${job}|${key}`, {
      status: 'running',
      claimId: claim.claimId,
      until: Date.now() + leaseMs,
    });
    return { claimed: true, claim };
  },
  completeJobRun: async (claim: { job: string; key: string; claimId: string }) => {
    const held = state.claims.get(`${claim.job}|${claim.key}`);
    if (held?.claimId !== claim.claimId) return false;
    held.status = 'done';
    return true;
  },
  releaseJobRun: async (claim: { job: string; key: string; claimId: string }) => {
    const held = state.claims.get(`${claim.job}|${claim.key}`);
    if (held?.claimId === claim.claimId) state.claims.delete(`${claim.job}|${claim.key}`);
  },
}));

const item = { textId: 'answer:inbound-1', to: '+15555550123', text: 'Approved: 1.' };

const event = (...messageIds: string[]): SQSEvent =>
  ({
    Records: messageIds.map(
      (messageId) =>
        ({ messageId, body: JSON.stringify(item), attributes: {} }) as unknown as SQSRecord,
    ),
  }) as SQSEvent;

describe('the text-later job', () => {
  let queue: FakeHttpService;
  const environment = () => ({
    SANDBOX: 'true',
    [jobQueueVariable('text-later')]: `${queue.origin}/_sandbox/api/queues/text-later`,
  });

  beforeAll(async () => {
    logger.setLogLevel('SILENT');
    queue = await startFakeHttpService(() => ({ status: 202, body: {} }));
  });
  afterAll(() => queue.close());
  beforeEach(() => {
    state.sent.length = 0;
    state.overLimitMs = 0;
    state.claims.clear();
    queue.requests.length = 0;
  });

  it('texts once when the same item is delivered again', async () => {
    const run = (...ids: string[]) => withEnvironment(environment(), () => handler(event(...ids)));
    expect(await run('m-1')).toEqual({ batchItemFailures: [] });
    // SQS's at-least-once: the same message again, and a copy of it in the same batch.
    expect(await run('m-1', 'm-2')).toEqual({ batchItemFailures: [] });
    expect(state.sent).toEqual([{ to: item.to, text: item.text }]);
  });

  it('puts a text over the limit back, delayed by the wait, and sends it on its turn', async () => {
    state.overLimitMs = 4_200;
    const run = () => withEnvironment(environment(), () => handler(event('m-3')));
    expect(await run()).toEqual({ batchItemFailures: [] });
    expect(state.sent).toEqual([]);
    expect(queue.requests).toHaveLength(1);
    expect(queue.requests[0]!.body).toMatchObject({ items: [{ body: item, delaySeconds: 5 }] });
    // The wait gave the claim back: the item put back sends the text.
    state.overLimitMs = 0;
    expect(await run()).toEqual({ batchItemFailures: [] });
    expect(state.sent).toHaveLength(1);
  });
});

describe('sending a text now or later', () => {
  let queue: FakeHttpService;

  beforeAll(async () => {
    queue = await startFakeHttpService(() => ({ status: 202, body: {} }));
  });
  afterAll(() => queue.close());
  beforeEach(() => {
    state.sent.length = 0;
    queue.requests.length = 0;
  });

  const send = () =>
    withEnvironment(
      {
        SANDBOX: 'true',
        [jobQueueVariable('text-later')]: `${queue.origin}/_sandbox/api/queues/text-later`,
      },
      () => sendTextNowOrLater(item.textId, { to: item.to, text: item.text }),
    );

  it('sends at once while the limit has room', async () => {
    state.overLimitMs = 0;
    expect(await send()).toBe('sent');
    expect(state.sent).toHaveLength(1);
    expect(queue.requests).toHaveLength(0);
  });

  it('queues the text, with its id, when the limit has no room now', async () => {
    state.overLimitMs = 61_000;
    expect(await send()).toBe('queued');
    expect(state.sent).toHaveLength(0);
    expect(queue.requests[0]!.body).toMatchObject({ items: [{ body: item, delaySeconds: 61 }] });
  });
});
