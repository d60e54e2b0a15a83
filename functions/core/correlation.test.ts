import { describe, expect, it } from 'vitest';
import { logLinesOf } from '#test/support/log-lines';
import {
  acceptedCorrelationId,
  correlated,
  correlationIdOfEvent,
  correlationIdOfWork,
  currentCorrelationId,
  withCorrelationId,
} from './correlation';
import { logger } from './logger';

describe('correlation id', () => {
  it('accepts a short id of safe characters and nothing else', () => {
    for (const id of ['a1b2c3', 'Root=1-5f8a', 'sweeper:2026-11-27T16:00:00Z', 'x/y+z=', 'a#b']) {
      expect(acceptedCorrelationId(id), id).toBe(id);
    }
    for (const id of ['', ' padded', 'line\nbreak', '{"json":1}', 'a'.repeat(129), 42, null]) {
      expect(acceptedCorrelationId(id), String(id)).toBeUndefined();
    }
  });

  it('gives the events of jobs started under an id that id, and keeps one an event names', () => {
    expect(correlated({ companyId: 'c-1' })).toEqual({ companyId: 'c-1' });
    withCorrelationId('request-7', () => {
      expect(correlated({ companyId: 'c-1' })).toEqual({
        companyId: 'c-1',
        correlationId: 'request-7',
      });
      expect(correlated({ correlationId: 'earlier' })).toEqual({ correlationId: 'earlier' });
    });
    expect(correlationIdOfEvent({ correlationId: 'request-7' })).toBe('request-7');
    expect(correlationIdOfEvent({ correlationId: 'bad id' })).toBeUndefined();
    expect(correlationIdOfEvent('request-7')).toBeUndefined();
  });

  it('names work nobody handed an id to by its job and key, in a form the next job accepts', () => {
    expect(correlationIdOfWork('daily-drafts', 'tick#2026-11-27T16:00:00.000Z')).toBe(
      'daily-drafts:tick#2026-11-27T16:00:00.000Z',
    );
    const long = correlationIdOfWork('ticket-auto-close', `${'t'.repeat(120)} with spaces`);
    expect(long).toMatch(/^ticket-auto-close:[0-9a-f]{32}$/);
    expect(acceptedCorrelationId(long)).toBe(long);
  });

  it('puts the id of its own work on each log line, also when two run at once', async () => {
    const lines = await logLinesOf(async () => {
      const work = (id: string) =>
        withCorrelationId(id, async () => {
          logger.info('first', { work: id });
          await new Promise((resolve) => setTimeout(resolve, 5));
          expect(currentCorrelationId()).toBe(id);
          logger.createChild().info('second', { work: id });
        });
      await Promise.all([work('one'), work('two')]);
      logger.info('outside');
    });
    const logged = lines.map(({ message, work, correlationId }) => ({
      message,
      work,
      correlationId,
    }));
    expect(logged).toHaveLength(5);
    for (const line of logged.filter((each) => each.work)) {
      expect(line.correlationId).toBe(line.work);
    }
    expect(logged.find((line) => line.message === 'outside')?.correlationId).toBeUndefined();
  });
});
