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

/** Runs a conditional write; false when its condition did not hold (the item moved on). */
export const conditionally = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
