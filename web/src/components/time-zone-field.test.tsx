import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TimeZoneField } from './time-zone-field';

function Harness({
  timeZone,
  onSubmit,
}: {
  timeZone: string;
  onSubmit: (values: { timeZone: string }) => void;
}) {
  const form = useForm({ defaultValues: { timeZone } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <TimeZoneField
        label="Time zone"
        hint="Posting times follow this zone."
        control={form.control}
        name="timeZone"
      />
      <button type="submit">Save</button>
    </form>
  );
}

const renderField = (timeZone = 'America/New_York') => {
  const onSubmit = vi.fn();
  render(<Harness timeZone={timeZone} onSubmit={onSubmit} />);
  const input = screen.getByRole('combobox', { name: 'Time zone' });
  return { input, onSubmit, user: userEvent.setup() };
};

/** "Los Angeles time (UTC−8)" in winter, "(UTC−7)" in summer. */
const LOS_ANGELES = /^Los Angeles time \(UTC−[78]\)$/;

describe('TimeZoneField', () => {
  it('shows the zone in words, with its hint, while the form keeps the IANA id', async () => {
    const { input, onSubmit, user } = renderField();
    expect((input as HTMLInputElement).value).toMatch(/^New York time \(UTC−[45]\)$/);
    expect(input).toHaveAccessibleDescription('Posting times follow this zone.');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ timeZone: 'America/New_York' }, expect.anything());
  });

  it('finds Los Angeles by typing "los"; Enter chooses it and the form gets its id', async () => {
    const { input, onSubmit, user } = renderField();
    await user.click(input);
    await user.keyboard('los');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(LOS_ANGELES)]),
    );
    expect(options.every((option) => /los/i.test(option.textContent ?? ''))).toBe(true);

    // Arrow keys move through the matches (the screen reader follows aria-activedescendant).
    await user.keyboard('{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent(LOS_ANGELES);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect((input as HTMLInputElement).value).toMatch(LOS_ANGELES);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ timeZone: 'America/Los_Angeles' }, expect.anything());
  });

  it('lists the suggested zones first, then the others, each group named', async () => {
    const { input, user } = renderField('Europe/Berlin');
    await user.click(input);
    await user.keyboard('ber');
    const listbox = screen.getByRole('listbox');
    const suggested = within(listbox).getByRole('group', { name: 'Suggested' });
    expect(within(suggested).getByRole('option', { selected: true })).toHaveTextContent(
      /^Berlin time \(UTC\+[12]\)$/,
    );
    const others = within(listbox).getByRole('group', { name: 'All time zones' });
    expect(within(others).getByRole('option', { name: /^Bermuda time/ })).toBeInTheDocument();
    expect(within(others).queryByRole('option', { name: /^Berlin time/ })).not.toBeInTheDocument();
  });

  it('Escape closes the list and keeps the zone chosen before', async () => {
    const { input, onSubmit, user } = renderField();
    await user.click(input);
    await user.keyboard('zur');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ timeZone: 'America/New_York' }, expect.anything());
  });

  it('says when nothing matches', async () => {
    const { input, user } = renderField();
    await user.click(input);
    await user.keyboard('zzz');
    expect(screen.getByText('No time zone matches “zzz”')).toBeInTheDocument();
  });
});
