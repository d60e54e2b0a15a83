import clsx from 'clsx';
import { useId, type Ref } from 'react';
import { postTextLength } from '#shared/domain/post-text';
import { POST_TEXT_RULES } from '#shared/domain/post-text-rules';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { controlStateClasses } from './field';
import { IconInfo } from './icons';

/** Near the limit the counter is announced, so a screen reader user hears it coming. */
const ANNOUNCE_WITHIN = 20;

/** How a platform that weighs characters (twitter-text's way) counts them: "X counts every link…". */
const weightingHint = (platform: PlatformId) =>
  `${PLATFORMS[platform].shortName} counts every link as 23 characters, and emoji and Chinese, Japanese or Korean characters as 2.`;

const characters = (count: number) => `${count} ${count === 1 ? 'character' : 'characters'}`;

interface PostTextFieldProps {
  platform: PlatformId;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The most the server takes (the platform's limit, lower on X, is shown, not enforced by typing). */
  maxLength: number;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Why the text cannot be sent as it is: the form's own check, or the server's refusal. */
  error?: string;
  /** False where a preview beside the field already carries the link note (Direct Edit). */
  showLinkNote?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A post's text ('Post text') with its count beside the label, counted as the platform counts
 * (X: weighted, 280). Over the platform's limit the count turns red and says by how much, and the
 * text is marked invalid; a calm note follows when the text has a link where the platform charges
 * more for one (X).
 */
export function PostTextField({
  platform,
  value,
  onChange,
  onBlur,
  maxLength,
  rows = 6,
  placeholder,
  disabled,
  error,
  showLinkNote = true,
  ref,
}: PostTextFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const counted = postTextLength(platform, value);
  const { length, max, withinLimit, hashtags, maxHashtags } = counted;
  const linkNote = showLinkNote ? counted.linkNote : null;
  const over = length - max;
  const tooManyTags = maxHashtags !== null && hashtags > maxHashtags;
  // X's weighting only needs explaining once it differs from a plain count.
  const weighted = POST_TEXT_RULES[platform].weighted && length !== [...value].length;
  const announcement =
    over > 0
      ? `${characters(over)} over the limit`
      : -over <= ANNOUNCE_WITHIN
        ? `${characters(-over)} left`
        : '';

  return (
    <div>
      <div className="mb-1.5 flex items-end justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Post text
        </label>
        <p
          id={counterId}
          data-testid="post-text-count"
          className={clsx(
            'shrink-0 rounded-md text-sm tabular-nums',
            withinLimit ? 'text-slate-600' : 'bg-red-50 px-2 py-0.5 font-semibold text-red-700',
          )}
        >
          <span aria-hidden="true">
            {`${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`}
            {over > 0 ? ` · ${over.toLocaleString('en-US')} over` : null}
            {tooManyTags ? ` · ${hashtags} / ${maxHashtags} hashtags` : null}
          </span>
          <span className="sr-only">
            {`${length} of ${max} characters${over > 0 ? `, ${over} over the limit` : ''}`}
            {tooManyTags ? `, ${hashtags} of ${maxHashtags} hashtags, too many` : ''}
          </span>
        </p>
      </div>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={withinLimit && !error ? undefined : true}
        aria-describedby={clsx(error && errorId, counterId, linkNote && noteId)}
        className={clsx(
          'block w-full resize-y rounded-lg border bg-white px-3.5 py-2.5 text-base leading-6 text-slate-900 shadow-xs transition-colors sm:text-sm',
          controlStateClasses(!withinLimit || Boolean(error)),
        )}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {weighted ? <p className="mt-1.5 text-xs text-slate-500">{weightingHint(platform)}</p> : null}
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
