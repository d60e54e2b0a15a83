import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { ThroughputWait } from '#functions/core/limits/throughput';
import { logger } from '#functions/core/logger';
import { handler } from '#functions/jobs/company-morning/handler';
import { sandboxWorkQueue } from '#functions/integrations/queues/sandbox-work-queue';
import { sandboxQueueUrl, startSandboxQueues, type SandboxQueues } from './queues';

/**
 * The mornings queue in the sandbox, delivering to the real company-morning handler: each
 * company's morning is its own retry unit. The morning itself (runMorningDrafts, tested with the
 * daily-drafts job) is replaced by one that fails for one company, so what is tested is the
 * queue's and the handler's part: who is retried, who lands in the dead letters, who waits.
 */
const morningsRun = vi.hoisted(() => ({
  calls: [] as string[],
  failFor: new Set<string>(),
  waitOnceFor: new Set<string>(),
}));

vi.mock('#functions/jobs/daily-drafts/morning-drafts', () => ({
  runMorningDrafts: async (companyId: string, _logger: Logger, now: Date) => {
    morningsRun.calls.push(companyId);
    if (Number.isNaN(now.getTime())) throw new Error('No tick time');
    if (morningsRun.failFor.has(companyId)) throw new Error(`The morning of ${companyId} failed`);
    if (morningsRun.waitOnceFor.delete(companyId)) {
      throw new ThroughputWait('ai-requests', 1_000);
    }
    return { status: 'drafted', day: '2026-11-27', due: 1, drafts: 1, text: 'sent', summary: '' };
  },
}));

const JOB = 'company-morning';
const TIME = '2026-11-27T13:00:00.000Z';

describe('the sandbox queue of mornings', () => {
  let queues: SandboxQueues | undefined;
  let server: Server | undefined;

  beforeAll(() => {
    logger.setLogLevel('SILENT');
  });
  afterEach(async () => {
    await queues?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    queues = undefined;
    server = undefined;
    morningsRun.calls.length = 0;
    morningsRun.failFor.clear();
    morningsRun.waitOnceFor.clear();
  });

  /** The queue service, served over HTTP (the handler sends waiting mornings back through it). */
  let origin = '';
  const start = async (batchSize: number) => {
    const environment = () => ({
      SANDBOX: 'true',
      QUEUE_COMPANY_MORNING_URL: sandboxQueueUrl(origin, JOB),
    });
    queues = startSandboxQueues({
      queues: {
        [JOB]: { maxConcurrency: 2, maxReceiveCount: 3, batchSize, visibilityTimeoutSeconds: 0.2 },
      },
      invoke: (_job, event) => withEnvironment(environment(), () => handler(event as SQSEvent)),
    });
    const routes = queues.routes;
    server = createServer((request, response) => void routes[0]!.handle(request, response));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return queues;
  };

  const settled = async (service: SandboxQueues) => {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      const view = service.view(JOB)!;
      if (view.waiting + view.delayed + view.inFlight === 0) return view;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`The queue never emptied: ${JSON.stringify(service.view(JOB))}`);
  };

  const times = (companyId: string) => morningsRun.calls.filter((id) => id === companyId).length;

  it.each([1, 5])(
    'retries a failing morning alone, then moves it to the dead letters (batches of %i)',
    async (batchSize) => {
      const service = await start(batchSize);
      const companies = Array.from({ length: 12 }, (_, index) => `company-${index}`);
      morningsRun.failFor.add('company-4');
      service.send(
        JOB,
        companies.map((companyId) => ({ body: { companyId, time: TIME } })),
      );

      const view = await settled(service);
      expect(times('company-4')).toBe(3);
      for (const companyId of companies.filter((id) => id !== 'company-4')) {
        expect(times(companyId), companyId).toBe(1);
      }
      expect(view.done).toBe(11);
      expect(view.deadLetters).toHaveLength(1);
      expect(view.deadLetters[0]).toMatchObject({ receiveCount: 3 });
      expect(JSON.parse(view.deadLetters[0]!.body)).toEqual({ companyId: 'company-4', time: TIME });
    },
  );

  it('puts a morning over an outside limit back with a delay, without spending its receives', async () => {
    const service = await start(1);
    morningsRun.waitOnceFor.add('company-1');
    service.send(JOB, [
      { body: { companyId: 'company-1', time: TIME } },
      { body: { companyId: 'company-2', time: TIME } },
    ]);
    const view = await settled(service);
    expect(times('company-1')).toBe(2);
    expect(times('company-2')).toBe(1);
    // The waiting morning came back as a new item: three done (one put back, two finished).
    expect(view.done).toBe(3);
    expect(view.deadLetters).toEqual([]);
  });

  it("takes an hour's tick of twelve thousand mornings from the functions' client (more than one request holds)", async () => {
    const service = await start(1);
    const items = Array.from({ length: 12_000 }, (_, index) => ({
      body: { companyId: `0195f0c4-7d1e-7000-8000-${String(index).padStart(12, '0')}`, time: TIME },
    }));
    await withEnvironment(
      { SANDBOX: 'true', QUEUE_COMPANY_MORNING_URL: sandboxQueueUrl(origin, JOB) },
      () => sandboxWorkQueue.send(JOB, items),
    );
    const view = service.view(JOB)!;
    expect(view.waiting + view.delayed + view.inFlight + view.done).toBe(12_000);
  });

  it('sends an item that is not a morning to the dead letters', async () => {
    const service = await start(1);
    service.send(JOB, [{ body: { company: 'nobody' } }]);
    const view = await settled(service);
    expect(morningsRun.calls).toEqual([]);
    expect(view.deadLetters).toHaveLength(1);
  });
});
