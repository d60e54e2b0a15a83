import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { waitWithFakeTimers } from '#web/test/wait-with-fake-timers';
import { VOTE_MESSAGE_MS } from '../forum-texts';
import { VoteControl } from './vote-control';

const renderVotes = (props: Partial<Parameters<typeof VoteControl>[0]> = {}) => {
  const onVote = vi.fn(() => Promise.resolve());
  render(
    <VoteControl
      label="Votes on the thread"
      count={3}
      myVote={null}
      own={false}
      onVote={onVote}
      {...props}
    />,
  );
  return { onVote, group: () => screen.getByRole('group', { name: 'Votes on the thread' }) };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('VoteControl', () => {
  it('shows the count and which way one voted (aria-pressed)', () => {
    const { group } = renderVotes({ count: 5, myVote: 'down' });
    expect(within(group()).getByText('5 votes')).toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: 'Vote down' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group()).getByRole('button', { name: 'Vote up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('sends the vote and shows it at once', async () => {
    let answer!: () => void;
    const onVote = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { group } = renderVotes({ onVote });
    await userEvent.click(within(group()).getByRole('button', { name: 'Vote up' }));
    expect(onVote).toHaveBeenCalledWith('up');
    expect(within(group()).getByText('4 votes')).toBeInTheDocument();
    expect(within(group()).getByRole('button', { name: 'Vote up' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await act(async () => answer());
  });

  it('has no buttons on one’s own item, only the count', () => {
    renderVotes({ own: true, count: 1 });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('1 vote')).toBeInTheDocument();
  });

  it("shows the server's refusal beside the item for 3 seconds, and takes the vote back", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onVote = vi.fn(() =>
      Promise.reject(new ApiError(403, 'FORBIDDEN', 'You cannot vote on your own post')),
    );
    const { group } = renderVotes({ onVote });
    act(() => within(group()).getByRole('button', { name: 'Vote up' }).click());
    await waitWithFakeTimers(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You cannot vote on your own post'),
    );
    expect(within(group()).getByText('3 votes')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(VOTE_MESSAGE_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(VOTE_MESSAGE_MS).toBe(3000);
  });

  it("says 'Failed to vote' when the server gave no message", async () => {
    const { group } = renderVotes({ onVote: () => Promise.reject(new ApiError(0, undefined, '')) });
    await userEvent.click(within(group()).getByRole('button', { name: 'Vote down' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to vote');
  });
});
