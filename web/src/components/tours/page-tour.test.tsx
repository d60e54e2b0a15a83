import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEndedTours } from '#web/lib/tours/tour-progress';
import { makeUser, seedSession } from '#web/test/fixtures';
import { bodiesSentTo, mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { PageTour } from './page-tour';
import { TourHelpButton } from './tour-help-button';
import type { TourStep } from './tour-step';

// The runner (and the library) stand in as two buttons: these tests are about when a tour runs
// and what its end records; the browser tests walk the real tooltips.
vi.mock('./tour-runner', () => ({
  TourRunner: ({ tour, onEnd }: { tour: string; onEnd: (end: string) => void }) => (
    <div role="dialog" aria-label={`Tour ${tour}`}>
      <button type="button" onClick={() => onEnd('finished')}>
        Finished
      </button>
      <button type="button" onClick={() => onEnd('skipped')}>
        Skip
      </button>
    </div>
  ),
}));

const STEPS: TourStep[] = [{ target: 'x', title: 'X', content: 'x' }];

const renderTour = (
  props: { tour?: 'dashboard' | 'company-dashboard'; ready?: boolean },
  completedTours: string[] = [],
  save: { status?: number } = {},
) => {
  seedSession({ user: makeUser({ completedTours }) });
  const user = makeUser({ completedTours: [...completedTours, 'x'] });
  const fetchMock = mockFetch({
    'PUT /api/users/u1': { status: save.status ?? 200, body: user },
  });
  const page = (
    <>
      <TourHelpButton tour={props.tour} />
      <PageTour tour={props.tour} steps={STEPS} ready={props.ready ?? true} />
    </>
  );
  const utils = renderScreen('/page', page, { at: '/page' });
  return { fetchMock, ...utils };
};

afterEach(() => forgetEndedTours());

describe('PageTour', () => {
  it('never starts while the page is loading its data', async () => {
    renderTour({ tour: 'dashboard', ready: false });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts a due tour once the page is ready', async () => {
    renderTour({ tour: 'dashboard' });
    expect(await screen.findByRole('dialog', { name: 'Tour dashboard' })).toBeInTheDocument();
  });

  it('does not start a tour the account has completed', async () => {
    renderTour({ tour: 'dashboard' }, ['dashboard']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finishing company-dashboard saves it and dashboard in completedTours', async () => {
    const { fetchMock } = renderTour({ tour: 'company-dashboard' }, ['platforms']);
    await userEvent.click(await screen.findByRole('button', { name: 'Finished' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'PUT /api/users/u1')).toEqual([
        { completedTours: ['platforms', 'company-dashboard', 'dashboard'] },
      ]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed save is only logged, and the tour does not come back in this tab', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = renderTour({ tour: 'dashboard' }, [], { status: 500 });
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Saving the completed tour failed', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    // The page again (the stored user still lacks the tour): no tour.
    renderTour({ tour: 'dashboard' }, []);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('the help icon plays the page’s tour again, though completed', async () => {
    renderTour({ tour: 'dashboard' }, ['dashboard']);
    await userEvent.click(screen.getByRole('button', { name: 'Show the tour of this page' }));
    expect(await screen.findByRole('dialog', { name: 'Tour dashboard' })).toBeInTheDocument();
  });
});
