import { jobArnVariable } from '#functions/core/bindings';
import { correlated } from '#functions/core/correlation';
import { lazyAsync } from '#functions/core/lazy';
import { currentEnvironment } from '#functions/core/environment';
import type { JobStarter } from './job-starter';

/**
 * The SDK is loaded when the first job is started, not imported at the top: esbuild hoists a
 * static import of an external package to the top of the bundle, and every request of the
 * function would pay for loading it at start.
 */
const sdk = lazyAsync(async () => {
  const lambda = await import('@aws-sdk/client-lambda');
  const environment = currentEnvironment();
  const client = new lambda.LambdaClient({
    region: environment.AWS_REGION ?? 'us-east-1',
    // Only the tests point this at a fake of the Lambda API.
    ...(environment.LAMBDA_ENDPOINT ? { endpoint: environment.LAMBDA_ENDPOINT } : {}),
  });
  return { client, InvokeCommand: lambda.InvokeCommand };
});

/** An asynchronous (`Event`) invocation: Lambda queues the event, answers 202 and retries failures. */
export const lambdaJobStarter: JobStarter = {
  async start(job, event) {
    const variable = jobArnVariable(job);
    const functionArn = currentEnvironment()[variable];
    if (!functionArn)
      throw new Error(`Missing configuration: ${variable} (declare starts: ['${job}'])`);
    const { client, InvokeCommand } = await sdk();
    const { StatusCode } = await client.send(
      new InvokeCommand({
        FunctionName: functionArn,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(correlated(event))),
      }),
    );
    if (StatusCode !== 202) throw new Error(`Lambda did not queue ${job} (status ${StatusCode})`);
  },
};
