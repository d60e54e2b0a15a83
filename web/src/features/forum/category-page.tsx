import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FORUM_THREADS_PAGE_SIZE } from '#shared/domain/forum';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { EmptyState } from '#web/components/empty-state';
import { IconChat, IconPlus } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { Pager } from '#web/components/pager';
import { useCategoryPage } from './api/get-category';
import { ListSkeleton } from './components/category-list';
import { LoadFailure } from './components/load-failure';
import { NewThreadModal } from './components/new-thread-modal';
import { ThreadList } from './components/thread-list';
import { FORUM_PATH, threadPath } from './forum-paths';
import { FORUM_TEXTS } from './forum-texts';

/** `?page=3` → 3; anything else is the first page. */
const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * Which page of threads to read: `?page=` in the address, with the cursor the page before it
 * answered (a page reached by Next). A page whose cursor is not known (an address typed or kept)
 * starts over at the first.
 */
const usePaging = (slug: string) => {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const cursors = useRef(new Map<string, string>());
  const cursor = page > 1 ? cursors.current.get(`${slug}:${page}`) : undefined;
  const goTo = (target: number, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (target <= 1) next.delete('page');
        else next.set('page', String(target));
        return next;
      },
      { replace },
    );
  const learn = (nextCursor: string | null | undefined) => {
    if (nextCursor) cursors.current.set(`${slug}:${page + 1}`, nextCursor);
  };
  return { page, cursor, known: page === 1 || cursor !== undefined, goTo, learn };
};

/** /dashboard/forum/{categorySlug}: the category's threads, a page at a time; New Thread. */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const navigate = useNavigate();
  const paging = usePaging(categorySlug);
  const { page: pageNumber, known, goTo } = paging;
  const { page, error, isLoading, isValidating, retry } = useCategoryPage(
    known ? categorySlug : undefined,
    paging.cursor,
  );
  const [writing, setWriting] = useState(false);

  useEffect(() => {
    if (!known) goTo(1, true);
  }, [known, goTo]);

  // The page shown is the one asked for, or, while that loads, the one before it.
  const shownIsAsked = page !== undefined && page.category.slug === categorySlug && !isValidating;
  if (shownIsAsked) paging.learn(page.nextCursor);
  const category = page?.category.slug === categorySlug ? page.category : undefined;
  const name = category?.name ?? 'Category';

  const body = () => {
    if (error) {
      return <LoadFailure title={FORUM_TEXTS.loadCategoryFailed} error={error} onRetry={retry} />;
    }
    if (!page || !category || isLoading) return <ListSkeleton label="Loading threads" rows={4} />;
    if (page.data.length === 0 && pageNumber === 1) {
      return (
        <EmptyState
          headingLevel={2}
          icon={IconChat}
          title="No threads yet"
          description="Start the first conversation in this category."
          action={
            <Button onClick={() => setWriting(true)}>
              <IconPlus aria-hidden="true" className="size-4" />
              New Thread
            </Button>
          }
        />
      );
    }
    const turning = isValidating && !shownIsAsked;
    return (
      <div aria-busy={turning || undefined} className={clsx(turning && 'opacity-60')}>
        <h2 className="sr-only">Threads</h2>
        <ThreadList threads={page.data} />
        <Pager
          skip={(pageNumber - 1) * FORUM_THREADS_PAGE_SIZE}
          shown={page.data.length}
          total={category.threads}
          hasPrevious={pageNumber > 1}
          hasNext={page.nextCursor !== null}
          busy={turning}
          onPrevious={() => goTo(pageNumber - 1)}
          onNext={() => goTo(pageNumber + 1)}
        />
      </div>
    );
  };

  return (
    <>
      <title>{`${name} · Founder Forum · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb items={[{ label: 'Founder Forum', path: FORUM_PATH }, { label: name }]} />
        }
        title={<span className="break-words">{name}</span>}
        description={category?.description}
        actions={
          error ? null : (
            <Button onClick={() => setWriting(true)} disabled={!category}>
              <IconPlus aria-hidden="true" className="size-4" />
              New Thread
            </Button>
          )
        }
      />
      {body()}
      {writing ? (
        <NewThreadModal
          categoryId={category?._id}
          onClose={() => setWriting(false)}
          onCreated={(thread) => navigate(threadPath(thread.categorySlug, thread._id))}
        />
      ) : null}
    </>
  );
}
