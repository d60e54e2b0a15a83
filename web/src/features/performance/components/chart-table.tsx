import type { ReactNode } from 'react';

interface ChartTableProps {
  /** What the numbers are, as the chart's heading says it. */
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/**
 * A chart's numbers as a table, folded under it: the chart is a picture, so a screen reader (or
 * anyone who wants the exact figures) opens this instead.
 */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <details className="group mt-3 text-sm">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded font-medium text-brand-700 hover:underline">
        Show as a table
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`py-1.5 pr-4 font-medium text-slate-600 ${index ? 'text-right' : ''}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="py-1.5 pr-4 font-normal text-slate-800">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="py-1.5 pr-4 text-right text-slate-800">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
