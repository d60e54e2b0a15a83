import { useDraggable } from '@dnd-kit/core';
import clsx from 'clsx';
import type { KeyboardEventHandler, PointerEventHandler } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent } from '#shared/contract/content';
import type { TimedContentStatus } from '#shared/domain/content';
import { platformName } from '#shared/domain/tiers';
import { PlatformIcon } from '#web/components/platform-icon';
import { countText, engagementRateText, slotReasonLine } from '#web/components/post-results';
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

  const iconSize = layout === 'agenda' ? 'sm' : 'xs';
  const mark = dragging ? (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
      aria-label={`Drag ${label} to another day`}
      className="shrink-0 cursor-grab touch-none rounded"
    >
      <PlatformIcon platform={post.metadata.params.platform} size={iconSize} />
    </button>
  ) : (
    <PlatformIcon platform={post.metadata.params.platform} size={iconSize} />
  );
  const moveButton =
    post.status === 'scheduled' ? (
      <button
        type="button"
        onClick={() => onMove(post)}
        disabled={moving}
        aria-label={`Move ${label}`}
        className={clsx(
          'font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-400',
          // A phone's finger needs a bigger target than a pointer.
          layout === 'agenda'
            ? 'min-h-9 rounded-md px-3 text-sm ring-1 ring-slate-300 ring-inset'
            : 'rounded px-1 text-[11px]',
          // The month's small posts show Move when pointed at or reached by Tab.
          compact &&
            'sr-only bg-white shadow-sm ring-1 ring-slate-200 group-hover:not-sr-only group-hover:absolute group-hover:top-0.5 group-hover:right-0.5 focus:not-sr-only focus:absolute focus:top-0.5 focus:right-0.5',
        )}
      >
        Move
      </button>
    ) : null;

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
        'group relative rounded-md border border-l-[3px] border-slate-200 bg-white shadow-xs transition-shadow',
        status.bar,
        dragging && 'hover:shadow-sm',
        (isDragging || moving) && 'opacity-50',
        layout === 'agenda' ? 'rounded-lg p-3' : 'px-1.5 py-1',
      )}
    >
      <div className="flex items-center gap-1">
        {mark}
        {at ? (
          <span
            className={clsx(
              'font-semibold whitespace-nowrap text-slate-900 tabular-nums',
              layout === 'agenda' ? 'ml-1 text-sm' : 'text-[11px]',
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
          'block rounded text-slate-700 hover:text-brand-700 hover:underline',
          layout === 'month' && 'mt-0.5 truncate text-[11px] leading-4',
          layout === 'week' && 'mt-0.5 line-clamp-3 text-[11px] leading-4',
          layout === 'agenda' && 'mt-1.5 line-clamp-2 text-sm leading-5',
        )}
      >
        <span className="sr-only">{label}: </span>
        {firstWords(post.content)}
      </Link>
      {layout === 'agenda' && post.status === 'scheduled' && post.slotReason ? (
        <p className="mt-1 text-xs text-slate-600">{slotReasonLine(post.slotReason)}</p>
      ) : null}
      {layout === 'agenda' && post.status === 'published' && post.results ? (
        <p className="mt-1 text-xs text-slate-600 tabular-nums">
          {`${countText(post.results.impressions)} impressions · ${countText(post.results.engagements)} engagements · ${engagementRateText(post.results.engagements, post.results.impressions)}`}
        </p>
      ) : null}
      {layout === 'agenda' ? (
        <div className="mt-1.5 flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-slate-500">{campaign?.name ?? ''}</p>
          {moveButton}
        </div>
      ) : layout === 'week' ? (
        <div className="mt-1 flex items-center justify-end gap-1">
          {post.status === 'scheduled' ? (
            moveButton
          ) : (
            <span className="mr-auto truncate text-[11px] font-medium text-slate-600">
              {status.label}
            </span>
          )}
        </div>
      ) : (
        moveButton
      )}
    </div>
  );
}
