import type { Context } from 'aws-lambda';

/** The name a function has in the sandbox (`sailpost-sandbox-users`, `sailpost-sandbox-sweeper`). */
export const sandboxFunctionName = (name: string): string => `sailpost-sandbox-${name}`;

export const sandboxFunctionArn = (name: string): string =>
  `arn:aws:lambda:us-east-1:000000000000:function:${sandboxFunctionName(name)}`;

/** The Lambda context a handler gets: names, the request id and a deadline. */
export const createContext = (name: string, requestId: string, timeoutMs: number): Context => {
  const functionName = sandboxFunctionName(name);
  const deadline = Date.now() + timeoutMs;
  const unsupported = () => {
    throw new Error(
      'Callback-style completion (done/succeed/fail) is not supported; return a value.',
    );
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: sandboxFunctionArn(name),
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `sandbox/[$LATEST]${requestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
};
