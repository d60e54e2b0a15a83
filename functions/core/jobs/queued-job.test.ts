import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { currentCorrelationId } from '../correlation';
import { logger } from '../logger';
import { queuedJobHandler } from './queued-job';

/**
 * The shared handler of queued jobs: each item read once against the job's schema, run under the
 * correlation id its body carries, and failed alone — an invalid item without running at all.
 */
const event = (...bodies: string[]): SQSEvent =>
  ({
    Records: bodies.map(
      (body, index) => ({ messageId: `m-${index}`, body, attributes: {} }) as unknown as SQSRecord,
    ),
  }) as SQSEvent;

describe('a queued job’s handler', () => {
  it('runs each valid item with its parsed body and fails the invalid ones alone, unrun', async () => {
    logger.setLogLevel('SILENT');
    const ran: { companyId: string; correlationId: string | undefined }[] = [];
    const handler = queuedJobHandler(
      'company-morning',
      z.object({ companyId: z.string().min(1) }),
      async (item) => {
        ran.push({ companyId: item.companyId, correlationId: currentCorrelationId() });
        return item.companyId !== 'fails';
      },
    );
    const outcome = await handler(
      event(
        JSON.stringify({ companyId: 'a', correlationId: 'tick-1' }),
        'not json',
        JSON.stringify({ companyId: '' }),
        JSON.stringify({ companyId: 'fails' }),
      ),
    );
    expect(outcome.batchItemFailures).toEqual([
      { itemIdentifier: 'm-1' },
      { itemIdentifier: 'm-2' },
      { itemIdentifier: 'm-3' },
    ]);
    expect(ran.map(({ companyId }) => companyId)).toEqual(['a', 'fails']);
    expect(ran[0]!.correlationId).toBe('tick-1');
  });
});
