import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { withCorrelationId } from '#functions/core/correlation';
import { withEnvironment } from '#functions/core/environment';
import { lambdaJobStarter } from './lambda-job-starter';

/** The real Lambda SDK against a fake of the Lambda Invoke API. */
describe('Lambda job starter', () => {
  let fake: FakeHttpService;
  const saved = { ...process.env };
  let environment: Record<string, string>;
  const queued = () => ({ status: 202 });

  beforeAll(async () => {
    fake = await startFakeHttpService(queued);
    // The SDK reads credentials from process.env; everything else comes from the function's environment.
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    environment = {
      AWS_REGION: 'eu-west-1',
      LAMBDA_ENDPOINT: fake.origin,
      JOB_COMPANY_CLEANUP_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:company-cleanup',
    };
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer = queued;
  });
  afterAll(async () => {
    process.env = saved;
    await fake.close();
  });

  it('invokes the job’s function asynchronously with the event', async () => {
    await withEnvironment(environment, () =>
      lambdaJobStarter.start('company-cleanup', { companyId: 'c-1' }),
    );
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(decodeURIComponent(request!.url)).toBe(
      '/2015-03-31/functions/arn:aws:lambda:eu-west-1:123456789012:function:company-cleanup/invocations',
    );
    expect(request!.headers['x-amz-invocation-type']).toBe('Event');
    expect(request!.headers.authorization).toMatch(/\/eu-west-1\/lambda\//);
    expect(request!.body).toEqual({ companyId: 'c-1' });
  });

  it('gives the event the correlation id of the work that starts the job', async () => {
    await withEnvironment(environment, () =>
      withCorrelationId('request-77', () =>
        lambdaJobStarter.start('company-cleanup', { companyId: 'c-1' }),
      ),
    );
    expect(fake.requests[0]!.body).toEqual({ companyId: 'c-1', correlationId: 'request-77' });
  });

  it('fails when Lambda refuses the event, and without the job’s ARN asks for the declaration', async () => {
    fake.answer = () => ({
      status: 404,
      headers: { 'x-amzn-errortype': 'ResourceNotFoundException' },
      body: { Message: 'Function not found' },
    });
    await expect(
      withEnvironment(environment, () =>
        lambdaJobStarter.start('company-cleanup', { companyId: 'c-1' }),
      ),
    ).rejects.toThrow('Function not found');

    fake.requests.length = 0;
    await expect(
      withEnvironment({ AWS_REGION: 'eu-west-1' }, () =>
        lambdaJobStarter.start('company-cleanup', { companyId: 'c-1' }),
      ),
    ).rejects.toThrow('JOB_COMPANY_CLEANUP_ARN');
    expect(fake.requests).toEqual([]);
  });
});
