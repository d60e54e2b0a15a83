import clsx from 'clsx';
import { useId } from 'react';
import { POST_TEXT_MAX } from '#shared/contract/platforms';
import { postTextLength } from '#shared/domain/post-text';
import { POST_TEXT_RULES } from '#shared/domain/post-text-rules';
import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { controlStateClasses } from '#web/components/field';
import { IconInfo } from '#web/components/icons';

/** Near the limit the counter is announced, so a screen reader user hears it coming. */
const ANNOUNCE_WITHIN = 20;

/** How a platform that weighs characters (twitter-text's way) counts them: "X counts every link…". */
const weightingHint = (platform: ConnectablePlatform) =>
  `${PLATFORMS[platform].shortName} counts every link as 23 characters, and emoji and Chinese, Japanese or Korean characters as 2.`;

interface PostTextFieldProps {
  platform: ConnectablePlatform;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * The post's text with a live counter, counted as the platform counts (X: weighted, 280), and
 * a calm note when the text has a link where the platform charges more for one (X).
 */
export function PostTextField({ platform, value, onChange, disabled }: PostTextFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const noteId = `${id}-note`;
  const { length, max, withinLimit, linkNote } = postTextLength(platform, value);
  const remaining = max - length;
  // X's weighting only needs explaining once it differs from a plain count.
  const weighted = POST_TEXT_RULES[platform].weighted && length !== [...value].length;
  const announcement = !withinLimit
    ? `${-remaining} ${-remaining === 1 ? 'character' : 'characters'} over the limit`
    : remaining <= ANNOUNCE_WITHIN
      ? `${remaining} ${remaining === 1 ? 'character' : 'characters'} left`
      : '';

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Post text
      </label>
      <textarea
        id={id}
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        placeholder="What's on your mind?"
        // The server's own limit; the platform's (lower on X) is shown, not enforced by typing.
        maxLength={POST_TEXT_MAX}
        aria-invalid={withinLimit ? undefined : true}
        aria-describedby={clsx(counterId, linkNote && noteId)}
        className={clsx(
          'block w-full resize-y rounded-lg border bg-white px-3.5 py-2.5 text-base leading-6 text-slate-900 shadow-xs transition-colors sm:text-sm',
          controlStateClasses(!withinLimit),
        )}
      />
      <div className="mt-1.5 flex items-start justify-between gap-4 text-xs">
        <p className="text-slate-500">{weighted ? weightingHint(platform) : null}</p>
        <p
          id={counterId}
          className={clsx(
            'shrink-0 tabular-nums',
            withinLimit ? 'text-slate-500' : 'font-semibold text-red-600',
          )}
        >
          <span aria-hidden="true">
            {length.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
            {withinLimit ? null : ` · ${-remaining} over`}
          </span>
          <span className="sr-only">
            {withinLimit
              ? `${length} of ${max} characters`
              : `${length} of ${max} characters, ${-remaining} over the limit`}
          </span>
        </p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {linkNote ? (
        <p
          id={noteId}
          className="mt-3 flex gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset"
        >
          <IconInfo aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          {linkNote}
        </p>
      ) : null}
    </div>
  );
}
