import clsx from 'clsx';

export interface HeatAxis {
  key: string;
  label: string;
}

export interface HeatCell {
  /** Results in this cell. */
  posts: number;
  /** Their engagement rate as a share (0.031 = 3.1 %), null without results. */
  engagementRate: number | null;
}

interface HeatMapProps {
  /** Says what the table holds, with its period and count ("Last 90 days, 42 posts"). */
  caption: string;
  rows: readonly HeatAxis[];
  columns: readonly HeatAxis[];
  cell: (row: string, column: string) => HeatCell;
}

/** "3.1%" from 0.031; one decimal, as every rate on the page. */
export const percentText = (share: number): string =>
  `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;

/**
 * Five shades, lightest to darkest, by the cell's rate against the map's best: the darkest carries
 * white text so that every number keeps its contrast. A cell without results stays white.
 */
const SHADES = [
  'bg-brand-50 text-slate-900',
  'bg-brand-100 text-slate-900',
  'bg-brand-200 text-slate-900',
  'bg-brand-300 text-slate-900',
  'bg-brand-600 text-white',
] as const;

export const shadeOf = (rate: number, best: number): number =>
  best <= 0 ? 0 : Math.min(SHADES.length - 1, Math.floor((rate / best) * SHADES.length));

/**
 * A weekday × time-of-day heat map drawn as a table: each cell shows its engagement rate and how
 * many posts it rests on, so a screen reader reads the same numbers the colours stand for.
 */
export function HeatMap({ caption, rows, columns, cell }: HeatMapProps) {
  const cells = rows.flatMap((row) => columns.map((column) => cell(row.key, column.key)));
  const best = Math.max(0, ...cells.map((entry) => entry.engagementRate ?? 0));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] table-fixed border-separate border-spacing-0.5 text-sm sm:border-spacing-1">
        {/* The section's heading says the same above it; the caption names the table. */}
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <td className="w-9 sm:w-14" />
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-0.5 pb-1 text-center text-[11px] font-medium text-slate-600 sm:text-xs"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="pr-1 text-left text-xs font-medium text-slate-600 sm:pr-2">
                {row.label}
              </th>
              {columns.map((column) => {
                const { posts, engagementRate } = cell(row.key, column.key);
                const empty = engagementRate === null || posts === 0;
                return (
                  <td
                    key={column.key}
                    data-shade={empty ? 'none' : shadeOf(engagementRate, best)}
                    className={clsx(
                      'h-12 rounded-md px-0.5 text-center align-middle text-xs tabular-nums sm:px-1 sm:text-sm',
                      empty
                        ? 'bg-white text-slate-500 ring-1 ring-slate-200 ring-inset'
                        : SHADES[shadeOf(engagementRate, best)],
                    )}
                  >
                    {empty ? (
                      <span className="text-xs">
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">no posts</span>
                      </span>
                    ) : (
                      <>
                        <span className="block font-semibold">{percentText(engagementRate)}</span>
                        <span className="block text-[10px] leading-3 opacity-90 sm:text-[11px]">
                          {posts === 1 ? '1 post' : `${posts} posts`}
                        </span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
