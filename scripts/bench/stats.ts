/** The middle value (the mean of the two middle values for an even count). */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) throw new Error('The median of no values is undefined.');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export const spreadOf = (values: readonly number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/** The nearest-rank percentile (`p` from 0 to 100): the smallest value at or above p % of them. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) throw new Error('A percentile of no values is undefined.');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
