import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { currentCorrelationId, withCorrelationId } from '#functions/core/correlation';
import { withEnvironment } from '#functions/core/environment';
import { logger } from '#functions/core/logger';
import { handler } from './handler';

/**
 * The correlation id through the mornings queue: the tick's id in each work item, each morning run
 * under its item's id (or its message's own), and a morning put back to wait keeps it. The
 * morning itself is replaced by one that notes the id it ran under.
 */
const ran = vi.hoisted(() => ({ ids: new Map<string, string | undefined>(), waitFor: new Set() }));

vi.mock('#functions/jobs/daily-drafts/morning-drafts', async () => {
  const correlation = await import('#functions/core/correlation');
  const limits = await import('#functions/core/limits/throughput');
  return {
    runMorningDrafts: async (companyId: string, _logger: Logger) => {
      ran.ids.set(companyId, correlation.currentCorrelationId());
      if (ran.waitFor.delete(companyId)) throw new limits.ThroughputWait('sms-texts', 2_000);
      return { status: 'drafted', day: '2026-11-27', due: 1, drafts: 1, text: 'sent', summary: '' };
    },
  };
});

const TIME = '2026-11-27T13:00:00.000Z';

const record = (messageId: string, body: Record<string, unknown>): SQSRecord =>
  ({ messageId, body: JSON.stringify(body), attributes: {} }) as unknown as SQSRecord;

describe('the correlation id of a company’s morning', () => {
  let queue: FakeHttpService;
  const environment = () => ({
    SANDBOX: 'true',
    QUEUE_COMPANY_MORNING_URL: `${queue.origin}/_sandbox/api/queues/company-morning`,
  });

  beforeAll(async () => {
    logger.setLogLevel('SILENT');
    queue = await startFakeHttpService(() => ({ status: 202, body: {} }));
  });
  afterAll(() => queue.close());

  it('runs each morning under the id its item carries, or its message’s own', async () => {
    const event = {
      Records: [
        record('m-1', { companyId: 'c-1', time: TIME, correlationId: 'daily-drafts:tick#1' }),
        record('m-2', { companyId: 'c-2', time: TIME }),
      ],
    } as SQSEvent;
    expect(await withEnvironment(environment(), () => handler(event))).toEqual({
      batchItemFailures: [],
    });
    expect(ran.ids.get('c-1')).toBe('daily-drafts:tick#1');
    expect(ran.ids.get('c-2')).toBe('company-morning:m-2');
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('keeps the id on a morning put back on the queue to wait for a limit', async () => {
    ran.waitFor.add('c-3');
    queue.requests.length = 0;
    const event = {
      Records: [record('m-3', { companyId: 'c-3', time: TIME, correlationId: 'request-9' })],
    } as SQSEvent;
    await withEnvironment(environment(), () => handler(event));
    expect(queue.requests).toHaveLength(1);
    expect(queue.requests[0]!.body).toMatchObject({
      items: [{ body: { companyId: 'c-3', time: TIME, correlationId: 'request-9' } }],
    });
  });

  it('gives the items the tick sends the tick’s id', async () => {
    queue.requests.length = 0;
    const { workQueue } = await import('#functions/integrations/queues/provider');
    await withEnvironment(environment(), () =>
      withCorrelationId('daily-drafts:tick#2', async () =>
        (await workQueue()).send('company-morning', [{ body: { companyId: 'c-4', time: TIME } }]),
      ),
    );
    expect(queue.requests[0]!.body).toEqual({
      items: [{ body: { companyId: 'c-4', time: TIME, correlationId: 'daily-drafts:tick#2' } }],
    });
  });
});
