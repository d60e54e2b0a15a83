import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeatMap, shadeOf } from './heat-map';

const rows = [
  { key: 'mon', label: 'Mon' },
  { key: 'sat', label: 'Sat' },
];
const columns = [
  { key: 'morning', label: 'Morning' },
  { key: 'evening', label: 'Evening' },
];
const cells: Record<string, { posts: number; engagementRate: number | null }> = {
  'mon-morning': { posts: 12, engagementRate: 0.062 },
  'mon-evening': { posts: 3, engagementRate: 0.011 },
  'sat-morning': { posts: 1, engagementRate: 0.03 },
};

describe('the heat map', () => {
  it('is a table whose cells say their rate and how many posts they rest on', () => {
    render(
      <HeatMap
        caption="Engagement rate by weekday and time of day, Sep 1 – Nov 27, 2026 · 16 posts"
        rows={rows}
        columns={columns}
        cell={(row, column) => cells[`${row}-${column}`] ?? { posts: 0, engagementRate: null }}
      />,
    );
    const table = screen.getByRole('table', {
      name: 'Engagement rate by weekday and time of day, Sep 1 – Nov 27, 2026 · 16 posts',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Morning', 'Evening']);
    const [monday, saturday] = within(table).getAllByRole('row').slice(1);
    const mondayCells = within(monday!).getAllByRole('cell');
    expect(within(monday!).getByRole('rowheader')).toHaveTextContent('Mon');
    expect(mondayCells[0]).toHaveTextContent('6.2%12 posts');
    expect(mondayCells[1]).toHaveTextContent('1.1%3 posts');
    const saturdayCells = within(saturday!).getAllByRole('cell');
    expect(saturdayCells[0]).toHaveTextContent('3%1 post');
    expect(saturdayCells[1]).toHaveTextContent('no posts');
    // The best cell is the darkest; an empty one has no shade.
    expect(mondayCells[0]).toHaveAttribute('data-shade', '4');
    expect(saturdayCells[1]).toHaveAttribute('data-shade', 'none');
  });

  it('shades a cell by its rate against the best', () => {
    expect(shadeOf(0.062, 0.062)).toBe(4);
    expect(shadeOf(0.031, 0.062)).toBe(2);
    expect(shadeOf(0.001, 0.062)).toBe(0);
    expect(shadeOf(0, 0)).toBe(0);
  });
});
