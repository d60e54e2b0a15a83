/** True when DynamoDB refused a write because its condition did not hold (ElectroDB wraps the error). */
export const isConditionFailure = (error: unknown): boolean => {
  for (
    let current = error as { name?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.name === 'ConditionalCheckFailedException') return true;
  }
  return false;
};
