import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAnalytics, trackedEvents } from '#web/test/analytics';
import { TourRunner } from './tour-runner';
import type { TourStep } from './tour-step';

const STEPS: TourStep[] = [
  { target: 'first', title: 'First', content: 'The first thing.' },
  { target: 'gone', title: 'Gone', content: 'Not on this page.' },
  { target: 'last', title: 'Last', content: 'The last thing.' },
];

const renderRunner = (onEnd = vi.fn()) => {
  render(
    <>
      <button type="button" data-tour="first">
        First target
      </button>
      <button type="button" data-tour="last">
        Last target
      </button>
      <TourRunner tour="platforms" steps={STEPS} onEnd={onEnd} />
    </>,
  );
  return onEnd;
};

beforeEach(acceptAnalytics);

describe('TourRunner', () => {
  it('skips a step whose element is missing, reports it, and finishes with Finished', async () => {
    const onEnd = renderRunner();
    const first = await screen.findByRole('dialog', { name: 'First' });
    expect(first).toHaveAccessibleDescription('The first thing.');
    await userEvent.click(screen.getByRole('button', { name: 'Next (1 of 3)' }));

    await screen.findByRole('dialog', { name: 'Last' }, { timeout: 4000 });
    expect(trackedEvents()).toContainEqual({
      name: 'tour_target_not_found',
      params: { tour: 'platforms', step: 1, target: 'gone' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Finished' }));
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledWith('finished'));
    expect(trackedEvents()).toContainEqual({
      name: 'tour_complete',
      params: { tour: 'platforms' },
    });
  });

  it('Escape skips the whole tour', async () => {
    const onEnd = renderRunner();
    await screen.findByRole('dialog', { name: 'First' });
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledWith('skipped'));
    expect(trackedEvents()).toContainEqual({
      name: 'tour_skip',
      params: { tour: 'platforms', step: 0 },
    });
  });
});
