import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs with the request id and, once known, the user id. Never log secrets or bodies. */
export const logger = new Logger({
  serviceName: 'sailpost',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'INFO',
});
