import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration, GeneratingPost } from '#shared/contract/content';
import {
  CONTENT_MESSAGES,
  CONTENT_PAGE_SIZE,
  CONTENT_TEXTS,
  DEFAULT_CONTENT_STATUS_FILTER,
  VISIBLE_CONTENT_STATUSES,
  type VisibleContentStatus,
} from '#shared/domain/content';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { Alert } from '#web/components/alert';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { EmptyState } from '#web/components/empty-state';
import { IconSparkles } from '#web/components/icons';
import { SelectField } from '#web/components/select-field';
import { Skeleton } from '#web/components/skeleton';
import { usePlanUsage } from '#web/lib/api/plan-usage';
import { usePlatformCredentials } from '#web/lib/api/list-platform-credentials';
import { useSession } from '#web/lib/session';
import { LOAD_CONNECTED_PLATFORMS_FAILED } from '../connected-platforms';
import { Pager } from '#web/components/pager';
import { contentListKey, useContentList, type ContentPage } from './api/list-content';
import { ContentCard } from './components/content-card';
import { GenerateContentModal } from './components/generate-content-modal';
import { GeneratingCard } from './components/generating-card';
import { GenerationProgress } from './components/generation-progress';
import { PostFollower } from './components/post-follower';
import { previewAccountFor } from '#web/components/post-preview';
import { RevisionWatcher } from './components/revision-watcher';
import { useContentFilters } from './content-filters';
import {
  CONTENT_SCREEN_TEXTS,
  CONTENT_STATUS_LABELS,
  generationsLeftText,
} from '#web/components/content-texts';
import { usePostsInSight } from './stay-in-sight';
import { useActivateCampaign } from './use-activate-campaign';
import { useContentGeneration } from './use-content-generation';

interface RunningRevision {
  generationId: string;
  platform: PlatformId;
  /** Found on a listed post (asked for in another tab, or by text), not started here. */
  found?: boolean;
  /** Its latest answer; undefined until the first poll answers. */
  generation: ContentGeneration | undefined;
}

/** The anchor of the section: /…/campaigns/{id}#content scrolls to it. */
export const CONTENT_ANCHOR = 'content';
/** The page settles first (its cards and media take their height), then it scrolls. */
export const CONTENT_SCROLL_DELAY_MS = 100;

const STATUS_OPTIONS = [
  { value: '', label: CONTENT_SCREEN_TEXTS.allStatuses },
  ...VISIBLE_CONTENT_STATUSES.map((status) => ({
    value: status,
    label: CONTENT_STATUS_LABELS[status],
  })),
];

function ListSkeleton() {
  return (
    <div className="mt-5">
      <p role="status" className="sr-only">
        {CONTENT_SCREEN_TEXTS.loading}
      </p>
      <div aria-hidden="true" className="space-y-4">
        {[0, 1].map((item) => (
          <div key={item} className={clsx(cardClasses, 'p-5')}>
            <Skeleton className="h-4 w-40" />
            <div className="mt-4 flex gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Scrolls to the section when the address ends in #content, once the page has settled. */
const useScrollToAnchor = (ref: RefObject<HTMLElement | null>) => {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${CONTENT_ANCHOR}`) return;
    const timer = setTimeout(() => {
      ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, CONTENT_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, ref]);
};

/**
 * The new posts being written: the list's (a generation of another tab, or one under way before a
 * reload) and this tab's own, whose poll answers sooner; each once, newest first.
 */
const postsBeingWritten = (
  listed: readonly GeneratingPost[],
  own: { _id: string; platform: PlatformId } | null,
  ownProgress: ContentGeneration | undefined,
) => {
  const others = listed.filter((item) => item._id !== own?._id);
  if (!own) return others;
  const progress = ownProgress ?? listed.find((item) => item._id === own._id);
  return [{ ...own, stage: progress?.stage, progress: progress?.progress }, ...others];
};

/**
 * The page's place in the list: the cursors of the pages before the one shown ([] on the first),
 * for the filters they were read with (other filters start on the first page).
 */
const usePaging = (filterKey: string) => {
  const [paging, setPaging] = useState({ filterKey, cursors: [] as string[] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [];
  const setCursors = (change: (current: string[]) => string[]) =>
    setPaging({ filterKey, cursors: change(cursors) });
  return { cursors, setCursors };
};

/**
 * The campaign's generated posts: Generate Content (and what the plan leaves today), filters by
 * platform and status (drafts by default, kept in the address), the posts with their previews and
 * reviews, a pager. A post stays where it stood when it leaves the filter (reviewed here, in
 * another tab or by text; published) until the filter or page changes, and every card follows its
 * post: read again every few seconds while one is being written, published or due within the
 * hour, every minute otherwise.
 */
export function ContentSection({
  campaign,
  companyName,
}: {
  campaign: Campaign;
  companyName: string;
}) {
  const section = useRef<HTMLElement>(null);
  useScrollToAnchor(section);
  const { user } = useSession();
  const usage = usePlanUsage(campaign.company);
  const { credentials } = usePlatformCredentials(campaign.company, {
    failureToast: LOAD_CONNECTED_PLATFORMS_FAILED,
  });
  const connected = useMemo(
    () =>
      new Set(credentials.filter((item) => item.metadata.connected).map((item) => item.platform)),
    [credentials],
  );

  const { platform, status, setFilters } = useContentFilters(campaign.platforms);
  const { cursors, setCursors } = usePaging(`${platform}|${status}`);
  const page: ContentPage = { platform, status, cursor: cursors.at(-1) };
  const { list, isLoading, isChanging, failed, retry } = useContentList(campaign._id, page);
  // While another filter or page loads, the last one's list stays as it was (dimmed).
  const sight = usePostsInSight(
    contentListKey(campaign._id, page).join('\n'),
    isChanging ? undefined : list?.data,
  );

  const [generateOpen, setGenerateOpen] = useState(false);
  /** AI revisions started here, by post, while they run. */
  const [revisions, setRevisions] = useState<Record<string, RunningRevision>>({});
  const updateRevision = (
    contentId: string,
    change: (running: RunningRevision) => RunningRevision,
  ) =>
    setRevisions((current) => {
      const running = current[contentId];
      return running ? { ...current, [contentId]: change(running) } : current;
    });
  /** The post a generation just wrote: its card takes the focus once the list shows it. */
  const [writtenId, setWrittenId] = useState<string | null>(null);
  const generation = useContentGeneration(campaign, {
    onSucceeded: (finished) => {
      setGenerateOpen(false);
      setWrittenId(finished.contentId);
      // The new post is a draft: the list shows drafts (of its platform, or all).
      setFilters((current) => ({
        status: DEFAULT_CONTENT_STATUS_FILTER,
        platform:
          current.platform && current.platform !== finished.platform ? '' : current.platform,
      }));
      setCursors(() => []);
    },
  });

  const activation = useActivateCampaign(campaign);

  const filtered = platform !== '' || status !== '';
  /**
   * Narrowed beyond the default view (drafts of every platform): only then is an empty list the
   * filters' doing. An empty default view is a campaign with nothing to review, which says why and
   * what to do (activate it, add a platform, generate).
   */
  const narrowed = platform !== '' || (status !== '' && status !== DEFAULT_CONTENT_STATUS_FILTER);
  const emptyTitle =
    status === DEFAULT_CONTENT_STATUS_FILTER
      ? CONTENT_SCREEN_TEXTS.noDraftsTitle
      : CONTENT_SCREEN_TEXTS.emptyTitle;
  const clearFilters = () => setFilters(() => ({ platform: '', status: '' }));

  const usageText = usage
    ? generationsLeftText(usage.generations.used, usage.generations.limit)
    : undefined;
  // None left today (or a lapsed plan): the server could only refuse, so the buttons say why.
  const noneLeft = Boolean(usage && usage.generations.used >= usage.generations.limit);
  const noneLeftText = usage
    ? usage.entitlement === 'lapsed'
      ? CONTENT_SCREEN_TEXTS.planLapsed
      : CONTENT_SCREEN_TEXTS.noneLeft(usage.timeZone)
    : undefined;
  const shown = useMemo(
    () =>
      isChanging
        ? (list?.data ?? []).map((post) => ({ post, reviewedElsewhere: false }))
        : sight.shown,
    [isChanging, list, sight.shown],
  );
  const posts = useMemo(() => shown.map((entry) => entry.post), [shown]);
  const writing = postsBeingWritten(
    list?.generating ?? [],
    generation.started,
    generation.generation,
  );
  // Once its card is shown (and has taken the focus, its effect running first), the written post
  // is an ordinary one: showing it again after a filter change does not take the focus again.
  useEffect(() => {
    if (writtenId && posts.some((post) => post._id === writtenId)) setWrittenId(null);
  }, [posts, writtenId]);
  // A post sent back to the AI elsewhere (another tab, a text) names its revision: follow it too.
  const followed = useRef(new Set<string>());
  useEffect(() => {
    const found = posts.filter(
      (post) =>
        post.status === 'modify' && post.revisionId && !followed.current.has(post.revisionId),
    );
    if (found.length === 0) return;
    for (const post of found) followed.current.add(post.revisionId!);
    setRevisions((current) => {
      const next = { ...current };
      for (const post of found) {
        if (next[post._id]?.generationId === post.revisionId) continue;
        next[post._id] = {
          generationId: post.revisionId!,
          platform: post.metadata.params.platform,
          generation: undefined,
          found: true,
        };
      }
      return next;
    });
  }, [posts]);
  const openGenerate = () => setGenerateOpen(true);
  const editPath = `/dashboard/company/${campaign.company}/campaigns/${campaign._id}/edit`;

  const empty = () => {
    if (narrowed) {
      return (
        <EmptyState
          className="mt-5"
          title={CONTENT_SCREEN_TEXTS.noMatchTitle}
          description={CONTENT_SCREEN_TEXTS.noMatch}
          action={
            <Button variant="secondary" onClick={clearFilters}>
              {CONTENT_TEXTS.clearFilters}
            </Button>
          }
        />
      );
    }
    if (campaign.status !== 'active') {
      return (
        <EmptyState
          className="mt-5"
          icon={IconSparkles}
          title={emptyTitle}
          description={CONTENT_MESSAGES.campaignNotActive}
          action={
            <Link to={editPath} className={buttonClasses({ variant: 'secondary' })}>
              {CONTENT_SCREEN_TEXTS.editCampaign}
            </Link>
          }
        />
      );
    }
    return (
      <EmptyState
        className="mt-5"
        icon={IconSparkles}
        title={emptyTitle}
        description={
          campaign.platforms.length
            ? CONTENT_SCREEN_TEXTS.emptyActive
            : CONTENT_SCREEN_TEXTS.emptyNoPlatforms
        }
        action={
          campaign.platforms.length ? (
            <Button onClick={openGenerate} disabled={noneLeft}>
              {CONTENT_TEXTS.generate}
            </Button>
          ) : (
            <Link to={editPath} className={buttonClasses({ variant: 'secondary' })}>
              {CONTENT_SCREEN_TEXTS.editCampaign}
            </Link>
          )
        }
      />
    );
  };

  return (
    <section
      ref={section}
      id={CONTENT_ANCHOR}
      aria-labelledby="content-title"
      className={clsx(cardClasses, 'scroll-mt-6 p-5 sm:p-6')}
      data-tour="campaign-content"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="content-title" className="text-base font-semibold text-slate-900">
            {CONTENT_TEXTS.sectionHeading}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{CONTENT_SCREEN_TEXTS.sectionDescription}</p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button
            onClick={openGenerate}
            loading={generation.running}
            disabled={noneLeft && !generation.running}
            aria-describedby="content-usage"
            data-tour="campaign-generate"
          >
            {!generation.running ? <IconSparkles aria-hidden="true" className="size-4" /> : null}
            {CONTENT_TEXTS.generate}
          </Button>
          {usageText ? (
            <p id="content-usage" className="max-w-xs text-xs text-slate-500 sm:text-right">
              {noneLeft && !generation.running ? noneLeftText : usageText}
            </p>
          ) : null}
        </div>
      </div>

      {sight.left.map((post) => (
        <PostFollower
          key={post._id}
          campaignId={campaign._id}
          contentId={post._id}
          onPost={sight.seen}
          onGone={sight.forget}
        />
      ))}

      {Object.entries(revisions).map(([contentId, running]) => (
        <RevisionWatcher
          key={running.generationId}
          campaign={campaign}
          generationId={running.generationId}
          found={Boolean(running.found)}
          onUpdate={(generation) => updateRevision(contentId, (item) => ({ ...item, generation }))}
          onDone={() => setRevisions(({ [contentId]: _done, ...rest }) => rest)}
        />
      ))}
      {/* A post being revised may not be in the list shown (it has left the drafts): said here. */}
      {Object.entries(revisions)
        .filter(([contentId]) => !posts.some((post) => post._id === contentId))
        .map(([contentId, running]) => (
          <GenerationProgress
            key={contentId}
            generation={running.generation}
            label={`Revising your ${platformName(running.platform)} post…`}
            className="mt-4"
          />
        ))}

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Platform"
          className="sm:w-56"
          value={platform}
          onChange={(event) =>
            setFilters(() => ({ platform: event.target.value as PlatformId | '' }))
          }
          options={[
            { value: '', label: CONTENT_SCREEN_TEXTS.allPlatforms },
            ...campaign.platforms.map((id) => ({ value: id, label: platformName(id) })),
          ]}
        />
        <SelectField
          label="Status"
          className="sm:w-56"
          value={status}
          onChange={(event) =>
            setFilters(() => ({ status: event.target.value as VisibleContentStatus | '' }))
          }
          options={STATUS_OPTIONS}
        />
        <Button variant="ghost" onClick={clearFilters} disabled={!filtered} className="sm:mb-0">
          {CONTENT_TEXTS.clearFilters}
        </Button>
      </div>

      {failed ? (
        <Alert
          tone="danger"
          className="mt-5"
          action={
            <Button variant="secondary" size="sm" onClick={retry}>
              {CONTENT_SCREEN_TEXTS.retry}
            </Button>
          }
        >
          {CONTENT_SCREEN_TEXTS.loadFailed}
        </Alert>
      ) : isLoading && !list && writing.length === 0 ? (
        <ListSkeleton />
      ) : posts.length === 0 && writing.length === 0 ? (
        empty()
      ) : (
        <>
          <ul
            aria-label="Generated posts"
            aria-busy={isChanging || undefined}
            className={clsx('mt-5 space-y-4', isChanging && 'opacity-60')}
          >
            {writing.map((item) => (
              <GeneratingCard key={item._id} generating={item} />
            ))}
            {shown.map(({ post, reviewedElsewhere }) => (
              <ContentCard
                key={post._id}
                campaign={campaign}
                post={post}
                account={previewAccountFor(post.metadata.params.platform, credentials, companyName)}
                revision={revisions[post._id] ?? null}
                reviewedElsewhere={reviewedElsewhere}
                onChanged={(changed) => sight.seen(changed, true)}
                justWritten={post._id === writtenId}
                onRevisionStarted={(generationId) =>
                  setRevisions((current) => ({
                    ...current,
                    [post._id]: {
                      generationId,
                      platform: post.metadata.params.platform,
                      generation: undefined,
                    },
                  }))
                }
              />
            ))}
          </ul>
          {/* One page needs no pager: this list is not counted, so it would only repeat the list. */}
          {cursors.length > 0 || list?.nextCursor ? (
            <Pager
              skip={cursors.length * CONTENT_PAGE_SIZE}
              shown={posts.length}
              hasPrevious={cursors.length > 0}
              hasNext={Boolean(list?.nextCursor)}
              onPrevious={() => setCursors((current) => current.slice(0, -1))}
              onNext={() => {
                const next = list?.nextCursor;
                if (next) setCursors((current) => [...current, next]);
              }}
              busy={isChanging}
            />
          ) : null}
          <div className="mt-5 flex justify-center">
            <Button variant="secondary" onClick={openGenerate} disabled={noneLeft}>
              <IconSparkles aria-hidden="true" className="size-4" />
              {CONTENT_TEXTS.generateMore}
            </Button>
          </div>
        </>
      )}

      {generateOpen ? (
        <GenerateContentModal
          campaign={campaign}
          connected={connected}
          phoneVerified={Boolean(user?.isPhoneVerified)}
          usageText={usageText}
          starting={generation.starting}
          running={generation.running}
          generation={generation.generation}
          onGenerate={(body) => void generation.start(body)}
          onActivate={activation.activate}
          activating={activation.activating}
          onClose={() => setGenerateOpen(false)}
        />
      ) : null}
    </section>
  );
}
