import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { withEnvironment } from '#functions/core/environment';
import { sandboxJobStarter } from './sandbox-job-starter';

/** The sandbox job starter against a fake of the sandbox events service's JSON API. */
describe('sandbox job starter', () => {
  let fake: FakeHttpService;

  beforeAll(async () => {
    fake = await startFakeHttpService(() => ({ status: 202, body: {} }));
  });
  afterAll(() => fake.close());

  const start = () =>
    withEnvironment({ SANDBOX: 'true', SANDBOX_URL: fake.origin }, () =>
      sandboxJobStarter.start('company-cleanup', { companyId: 'c-1' }),
    );

  it('asks the events service to run the job in the background', async () => {
    await start();
    expect(fake.requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/_sandbox/api/jobs/company-cleanup/run?async=true',
        body: { companyId: 'c-1' },
      },
    ]);
  });

  it('fails when the events service does not accept the job', async () => {
    fake.answer = () => ({ status: 404, body: { message: 'Unknown job' } });
    await expect(start()).rejects.toThrow(/404.*Unknown job/);
  });
});
