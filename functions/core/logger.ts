import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentCorrelationId } from './correlation';

/**
 * Powertools' own record (the same keys as its default formatter, which the package does not
 * export), plus the correlation id of the work the line belongs to. Read when the line is
 * written, not appended to the logger: the logger is shared by every invocation the sandbox runs
 * at once, the correlation id is per invocation.
 */
class CorrelatedLogFormatter extends LogFormatter {
  formatAttributes(
    attributes: UnformattedAttributes,
    additionalLogAttributes: LogAttributes,
  ): LogItem {
    const correlationId = currentCorrelationId();
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        ...(correlationId ? { correlationId } : {}),
      },
    }).addAttributes(additionalLogAttributes);
  }
}

/**
 * Structured JSON logs with the request id, the correlation id and, once known, the user id.
 * Never log secrets or bodies.
 */
export const logger = new Logger({
  serviceName: 'sailpost',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as 'INFO',
  logFormatter: new CorrelatedLogFormatter(),
});
