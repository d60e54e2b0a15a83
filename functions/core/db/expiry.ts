/**
 * Whether an item with a TTL attribute (`expiresAt`, epoch seconds) has expired. DynamoDB's TTL
 * sweep removes expired items late (typically within a couple of days), and DynamoDB Local never
 * does: every read of such an item asks here rather than trusting that it is gone.
 */
export const hasExpired = (item: { expiresAt: number }, now: number = Date.now()): boolean =>
  item.expiresAt * 1000 <= now;
