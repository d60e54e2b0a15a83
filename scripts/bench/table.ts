/**
 * The bench's one table: every measurement with its budget and whether it is met. Rows without a
 * budget are shown for information (the saturated throughput, the login latency).
 */
export type Limit = { atMost: number } | { atLeast: number } | { below: number };

export interface Row {
  section: string;
  measure: string;
  value: string;
  /** Absent for an informational row. */
  budget?: { text: string; met: boolean };
}

export const withinLimit = (value: number, limit: Limit): boolean =>
  'atMost' in limit
    ? value <= limit.atMost
    : 'atLeast' in limit
      ? value >= limit.atLeast
      : value < limit.below;

/** A row judged against a limit; `unit` formats both the value and the limit. */
export const judgedRow = (
  section: string,
  measure: string,
  value: number,
  limit: Limit,
  unit: (value: number) => string,
  detail = '',
): Row => {
  const [sign, bound] =
    'atMost' in limit
      ? ['≤', limit.atMost]
      : 'atLeast' in limit
        ? ['≥', limit.atLeast]
        : ['<', limit.below];
  return {
    section,
    measure,
    value: `${unit(value)}${detail ? ` ${detail}` : ''}`,
    budget: { text: `${sign} ${unit(bound)}`, met: withinLimit(value, limit) },
  };
};

export const infoRow = (section: string, measure: string, value: string): Row => ({
  section,
  measure,
  value,
});

/** A measurement that could not be taken: shown, and counted as a broken budget. */
export const failedRow = (section: string, measure: string, error: unknown): Row => ({
  section,
  measure,
  value: `failed: ${error instanceof Error ? error.message : String(error)}`,
  budget: { text: 'measured', met: false },
});

export const brokenBudgets = (rows: readonly Row[]): Row[] =>
  rows.filter((row) => row.budget && !row.budget.met);

export const renderTable = (rows: readonly Row[]): string => {
  const cells = rows.map((row) => [
    row.section,
    row.measure,
    row.value,
    row.budget?.text ?? '—',
    row.budget ? (row.budget.met ? 'pass' : 'FAIL') : '',
  ]);
  const header = ['', 'Measure', 'Value', 'Budget', 'Result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  let previousSection = '';
  const body = cells.map(([section, ...rest]) => {
    const shown = section === previousSection ? '' : section!;
    previousSection = section!;
    return line([shown, ...rest]);
  });
  return [line(header), widths.map((width) => '─'.repeat(width)).join('  '), ...body].join('\n');
};
