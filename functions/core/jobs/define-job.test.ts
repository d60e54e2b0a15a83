import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logLinesOf } from '#test/support/log-lines';
import { useLocalTable } from '#test/support/local-table';
import { correlated } from '../correlation';
import { jobRunEntity } from '../db/entities/job-run';
import { Invalid } from '../errors';
import { defineJob } from './define-job';
import { CLAIM_RETENTION_SECONDS, claimJobRun, completeJobRun } from './job-claim';
import type { JobName } from './names';

/**
 * A real job's name (defineJob takes no other). The table is this file's own, and each test claims
 * keys no other test uses.
 */
const JOB: JobName = 'sweeper';

/** The claim logic against DynamoDB Local: the conditions are the point, so no mock stands in. */
describe('defineJob', () => {
  useLocalTable({
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'k'.repeat(48),
  });

  const testJob = (run: (event: { orderId: string }) => Promise<unknown>) =>
    defineJob({
      name: JOB,
      event: z.object({ orderId: z.string().min(1) }),
      idempotencyKey: (event) => event.orderId,
      run,
    });

  const lambdaContext = (remainingMs: number) =>
    ({ getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

  it('runs the work once per key: a second delivery answers duplicate without running', async () => {
    const run = vi.fn(async (event: { orderId: string }) => ({ shipped: event.orderId }));
    const handler = testJob(run);

    expect(await handler({ orderId: 'A-1' })).toEqual({
      status: 'done',
      result: { shipped: 'A-1' },
    });
    expect(await handler({ orderId: 'A-1' })).toEqual({ status: 'duplicate' });
    expect(await handler({ orderId: 'a-1' })).toEqual({
      status: 'done',
      result: { shipped: 'a-1' },
    });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('answers duplicate to a delivery that arrives while another run holds the claim', async () => {
    let finish!: () => void;
    const run = vi.fn(
      (_event: { orderId: string }) => new Promise<void>((resolve) => (finish = resolve)),
    );
    const handler = testJob(run);

    const first = handler({ orderId: 'B-1' });
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(await handler({ orderId: 'B-1' })).toEqual({ status: 'duplicate' });
    finish();
    expect(await first).toEqual({ status: 'done' });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('lets only one of many simultaneous deliveries run', async () => {
    const run = vi.fn(async () => undefined);
    const handler = testJob(run);

    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => handler({ orderId: 'C-1' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'done')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toHaveLength(7);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('gives the claim back when the run fails, so the retry runs the work', async () => {
    const run = vi
      .fn<(event: { orderId: string }) => Promise<string>>()
      .mockRejectedValueOnce(new Error('the warehouse is down'))
      .mockResolvedValueOnce('shipped');
    const handler = testJob(run);

    await expect(handler({ orderId: 'D-1' })).rejects.toThrow('the warehouse is down');
    expect(await handler({ orderId: 'D-1' })).toEqual({ status: 'done', result: 'shipped' });
    expect(await handler({ orderId: 'D-1' })).toEqual({ status: 'duplicate' });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('takes over a claim whose lease has passed (a run that crashed), not a live one', async () => {
    const run = vi.fn(async () => 'recovered');
    const handler = defineJob({
      name: JOB,
      event: z.object({ orderId: z.string() }),
      idempotencyKey: (event) => event.orderId,
      run,
    });

    // A run that started twenty minutes ago with a ten-minute lease, and never finished.
    const crashed = await claimJobRun(JOB, 'E-1', 10 * 60_000, new Date(Date.now() - 20 * 60_000));
    expect(crashed.claimed).toBe(true);
    // A run that is still within its lease.
    expect((await claimJobRun(JOB, 'E-2', 10 * 60_000)).claimed).toBe(true);

    expect(await handler({ orderId: 'E-1' })).toEqual({ status: 'done', result: 'recovered' });
    expect(await handler({ orderId: 'E-2' })).toEqual({ status: 'duplicate' });
    expect(run).toHaveBeenCalledTimes(1);
    // The crashed run, should it wake up, cannot record an outcome over the new one's.
    if (crashed.claimed) expect(await completeJobRun(crashed.claim)).toBe(false);
  });

  it('leases a claim for the Lambda time left plus a margin, and lets TTL remove it after days', async () => {
    let seen: { leaseExpiresAt: number; expiresAt: number; status: string } | undefined;
    const handler = defineJob({
      name: JOB,
      event: z.object({ orderId: z.string() }),
      idempotencyKey: (event) => event.orderId,
      run: async () => {
        seen = (await jobRunEntity().get({ job: JOB, key: 'F-1' }).go({ consistent: true })).data!;
      },
    });

    const before = Date.now();
    await handler({ orderId: 'F-1' }, lambdaContext(5 * 60_000));
    expect(seen?.status).toBe('running');
    expect(seen!.leaseExpiresAt).toBeGreaterThanOrEqual(before + 6 * 60_000);
    expect(seen!.leaseExpiresAt).toBeLessThan(Date.now() + 6 * 60_000 + 1000);

    const { data: done } = await jobRunEntity().get({ job: JOB, key: 'F-1' }).go();
    expect(done?.status).toBe('done');
    expect(done?.finishedAt).toBeDefined();
    expect(done!.expiresAt).toBeGreaterThan(before / 1000 + CLAIM_RETENTION_SECONDS - 5);
    expect(done!.expiresAt).toBeLessThan(Date.now() / 1000 + CLAIM_RETENTION_SECONDS + 5);
  });

  it('refuses an invalid event with an Invalid error naming the fields, and claims nothing', async () => {
    const run = vi.fn(async () => undefined);
    const handler = testJob(run);

    const error = await handler({ orderId: '' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { orderId: expect.any(String) },
    });
    await expect(handler('not an event')).rejects.toBeInstanceOf(Invalid);
    expect(run).not.toHaveBeenCalled();
  });

  it('runs under the correlation id its event carries: its log lines name it, and so do the jobs it starts', async () => {
    let started: Record<string, unknown> | undefined;
    const handler = testJob(async (event) => {
      started = correlated({ next: event.orderId });
    });
    const lines = await logLinesOf(() => handler({ orderId: 'G-1', correlationId: 'request-abc' }));
    expect(started).toEqual({ next: 'G-1', correlationId: 'request-abc' });
    const done = lines.find((line) => line.message === 'Job run done');
    expect(done).toMatchObject({ job: JOB, correlationId: 'request-abc' });
  });

  it('begins a chain of its own, named by the job and its key, when its event carries none', async () => {
    let started: Record<string, unknown> | undefined;
    const handler = testJob(async () => {
      started = correlated({});
    });
    const lines = await logLinesOf(() => handler({ orderId: 'H-1' }));
    expect(started).toEqual({ correlationId: `${JOB}:H-1` });
    expect(lines.find((line) => line.message === 'Job run done')?.correlationId).toBe(`${JOB}:H-1`);
  });
});
