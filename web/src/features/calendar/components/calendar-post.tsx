import { useDraggable } from '@dnd-kit/core';
import clsx from 'clsx';
import type { KeyboardEventHandler, PointerEventHandler } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent } from '#shared/contract/content';
import type { TimedContentStatus } from '#shared/domain/content';
import { platformName } from '#shared/domain/tiers';
import { IconClock } from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { Spinner } from '#web/components/spinner';
import { firstWords, postTime, timeText } from '../calendar-dates';
import { TIMED_STATUS } from '../calendar-texts';
import { postPath } from '../post-path';

export type PostLayout = 'week' | 'month' | 'agenda';

interface CalendarPostProps {
  post: GeneratedContent;
  campaign: Campaign | undefined;
  companyId: string;
  timeZone: string;
  layout: PostLayout;
  /** Opens the Move dialog (the keyboard's way, and a phone's). */
  onMove: (post: GeneratedContent) => void;
  /** Its move is in flight. */
  moving: boolean;
}

/** What a screen reader says of a post: "9:00 AM, X post of Spring loaves, Scheduled". */
const describe = (post: GeneratedContent, campaign: Campaign | undefined, timeZone: string) => {
  const at = postTime(post);
  const status = TIMED_STATUS[post.status as TimedContentStatus]?.label ?? post.status;
  const platform = platformName(post.metadata.params.platform);
  return `${at ? `${timeText(at, timeZone)}, ` : ''}${platform} post${campaign ? ` of ${campaign.name}` : ''}, ${status}`;
};

/**
 * A post on the calendar: its platform, time, first words and status colour. Its words open it
 * in its campaign. A scheduled post can be dragged to another day by pointer (anywhere on it) or
 * by keyboard (its platform mark is the handle: Space, arrows, Space), and has a Move action.
 */
export function CalendarPost({
  post,
  campaign,
  companyId,
  timeZone,
  layout,
  onMove,
  moving,
}: CalendarPostProps) {
  const movable = post.status === 'scheduled' && !moving;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: post._id,
    data: { post },
    disabled: !movable || layout === 'agenda',
  });
  const status = TIMED_STATUS[post.status as TimedContentStatus] ?? TIMED_STATUS.scheduled;
  const at = postTime(post);
  const label = describe(post, campaign, timeZone);
  const compact = layout === 'month';
  const dragging = movable && layout !== 'agenda';

  const mark = dragging ? (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
      aria-label={`Drag ${label} to another day`}
      className="shrink-0 cursor-grab rounded-md touch-none"
    >
      <PlatformIcon platform={post.metadata.params.platform} size="sm" />
    </button>
  ) : (
    <PlatformIcon platform={post.metadata.params.platform} size="sm" />
  );

  return (
    <div
      ref={setNodeRef}
      // Pointer drags start anywhere on the post; keys only on its handle, so Enter on its link
      // or its Move button does what they say.
      onPointerDown={
        dragging ? (listeners?.onPointerDown as PointerEventHandler | undefined) : undefined
      }
      data-post-id={post._id}
      data-status={post.status}
      className={clsx(
        'relative rounded-lg border border-l-4 border-slate-200 bg-white shadow-xs transition-shadow',
        status.bar,
        dragging && 'hover:shadow-sm',
        (isDragging || moving) && 'opacity-50',
        compact ? 'px-1.5 py-1' : 'p-2',
        layout === 'agenda' && 'p-3',
      )}
    >
      <div className="flex items-center gap-1.5">
        {mark}
        {at ? (
          <span
            className={clsx(
              'font-semibold text-slate-900 tabular-nums',
              compact ? 'text-[11px]' : 'text-xs',
            )}
          >
            {timeText(at, timeZone)}
          </span>
        ) : null}
        {moving ? <Spinner size="sm" label="Moving" className="text-slate-500" /> : null}
        {layout === 'agenda' ? (
          <span className="ml-auto inline-flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <span aria-hidden="true" className={clsx('size-2 rounded-full', status.dot)} />
            {status.label}
          </span>
        ) : null}
      </div>
      <Link
        to={postPath(companyId, post)}
        className={clsx(
          'mt-1 block rounded text-slate-700 hover:text-brand-700 hover:underline',
          compact ? 'truncate text-[11px] leading-4' : 'line-clamp-3 text-xs leading-4',
          layout === 'agenda' && 'line-clamp-2 text-sm leading-5',
        )}
      >
        <span className="sr-only">{label}: </span>
        {firstWords(post.content)}
      </Link>
      {layout === 'agenda' && campaign ? (
        <p className="mt-1 truncate text-xs text-slate-500">{campaign.name}</p>
      ) : null}
      {layout !== 'month' && post.status !== 'scheduled' ? null : (
        <StatusAndMove
          layout={layout}
          statusLabel={status.label}
          dot={status.dot}
          movable={post.status === 'scheduled'}
          disabled={moving}
          moveLabel={`Move ${label}`}
          onMove={() => onMove(post)}
        />
      )}
      {layout === 'week' && post.status !== 'scheduled' ? (
        <p className="mt-1 flex items-center gap-1 text-[11px] font-medium text-slate-600">
          <span aria-hidden="true" className={clsx('size-1.5 rounded-full', status.dot)} />
          {status.label}
        </p>
      ) : null}
    </div>
  );
}

/** A scheduled post's status word and Move action (the month shows only the action, small). */
function StatusAndMove({
  layout,
  statusLabel,
  dot,
  movable,
  disabled,
  moveLabel,
  onMove,
}: {
  layout: PostLayout;
  statusLabel: string;
  dot: string;
  movable: boolean;
  disabled: boolean;
  moveLabel: string;
  onMove: () => void;
}) {
  if (!movable) return null;
  if (layout === 'month') {
    return (
      <button
        type="button"
        onClick={onMove}
        disabled={disabled}
        aria-label={moveLabel}
        title="Move"
        className="absolute top-0.5 right-0.5 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <IconClock aria-hidden="true" className="size-3.5" />
      </button>
    );
  }
  return (
    <div className="mt-1.5 flex items-center justify-between gap-1">
      {layout === 'week' ? (
        <span className="flex min-w-0 items-center gap-1 text-[11px] font-medium text-slate-600">
          <span aria-hidden="true" className={clsx('size-1.5 shrink-0 rounded-full', dot)} />
          <span className="truncate">{statusLabel}</span>
        </span>
      ) : (
        <span />
      )}
      <button
        type="button"
        onClick={onMove}
        disabled={disabled}
        aria-label={moveLabel}
        className="rounded-md px-1.5 py-0.5 text-[11px] font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-400"
      >
        Move
      </button>
    </div>
  );
}
