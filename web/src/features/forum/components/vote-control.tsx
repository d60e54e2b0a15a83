import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { IconArrowDown, IconArrowUp } from '#web/components/icons';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { FORUM_TEXTS, VOTE_MESSAGE_MS } from '../forum-texts';
import { afterVote, type MyVote, type VoteType } from '../votes';

interface VoteControlProps {
  /** What the votes are on, for a screen reader: "Votes on the thread", "Votes on Maya's reply". */
  label: string;
  count: number;
  myVote: MyVote;
  /** One's own thread or post: its count only, nobody votes on their own. */
  own: boolean;
  /** Sends the vote; rejects when the server refused it. */
  onVote: (type: VoteType) => Promise<unknown>;
}

const arrowButton = (pressed: boolean, tone: 'up' | 'down') =>
  clsx(
    'inline-flex size-8 items-center justify-center rounded-lg transition-colors disabled:cursor-not-allowed',
    pressed
      ? tone === 'up'
        ? 'bg-brand-50 text-brand-700 hover:bg-brand-100'
        : 'bg-red-50 text-red-700 hover:bg-red-100'
      : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * Up and down on a thread or a post. A vote shows at once; the server's answer then stands (or,
 * when it refuses, the vote is taken back and its message shows beside the item for 3 seconds).
 * Voting the same way again takes the vote back; the other way switches it.
 */
export function VoteControl({ label, count, myVote, own, onVote }: VoteControlProps) {
  const [pending, setPending] = useState<{ count: number; myVote: MyVote } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const clearFailure = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearFailure.current), []);

  const shown = pending ?? { count, myVote };
  const countText = `${shown.count.toLocaleString('en-US')} ${Math.abs(shown.count) === 1 ? 'vote' : 'votes'}`;

  if (own) {
    return (
      <p className="text-sm text-slate-600 tabular-nums" aria-label={`${label}: ${countText}`}>
        {countText}
      </p>
    );
  }

  const vote = async (type: VoteType) => {
    if (pending) return;
    clearTimeout(clearFailure.current);
    setFailure(null);
    setPending(afterVote(shown, type));
    try {
      await onVote(type);
    } catch (error) {
      if (!isSessionEnded(error)) {
        setFailure(messageOf(error, FORUM_TEXTS.voteFailed));
        clearFailure.current = setTimeout(() => setFailure(null), VOTE_MESSAGE_MS);
      }
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div role="group" aria-label={label} className="flex items-center gap-0.5">
        <button
          type="button"
          aria-pressed={shown.myVote === 'up'}
          aria-label="Vote up"
          title="Vote up"
          onClick={() => void vote('up')}
          className={arrowButton(shown.myVote === 'up', 'up')}
        >
          <IconArrowUp aria-hidden="true" className="size-4.5" />
        </button>
        <span
          className="min-w-[4.5rem] text-center text-sm font-medium text-slate-700 tabular-nums"
          aria-live="polite"
        >
          {countText}
        </span>
        <button
          type="button"
          aria-pressed={shown.myVote === 'down'}
          aria-label="Vote down"
          title="Vote down"
          onClick={() => void vote('down')}
          className={arrowButton(shown.myVote === 'down', 'down')}
        >
          <IconArrowDown aria-hidden="true" className="size-4.5" />
        </button>
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
