import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { EmptyState } from '#web/components/empty-state';
import { IconChat, IconPlus } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { useForumRefresh } from './api/forum-cache';
import { useCategories } from './api/list-categories';
import { CategoryList, ListSkeleton } from './components/category-list';
import { CreateCategoryModal } from './components/create-category-modal';
import { LoadFailure } from './components/load-failure';
import { NewThreadModal } from './components/new-thread-modal';
import { TopDiscussions } from './components/top-discussions';
import { threadPath } from './forum-paths';
import { FORUM_TEXTS } from './forum-texts';

/** /dashboard/forum: Top discussions and the categories; New Thread and Create Category. */
export function ForumHomePage() {
  const navigate = useNavigate();
  const refresh = useForumRefresh();
  const { categories, error, retry } = useCategories();
  const [open, setOpen] = useState<'thread' | 'category' | null>(null);

  const categoryList = () => {
    if (error) {
      return <LoadFailure title={FORUM_TEXTS.loadCategoriesFailed} error={error} onRetry={retry} />;
    }
    if (!categories) return <ListSkeleton label="Loading categories" />;
    if (categories.length === 0) {
      return (
        <EmptyState
          icon={IconChat}
          title="No categories yet"
          description="Create the first category, then start a thread in it."
          action={
            <Button onClick={() => setOpen('category')}>
              <IconPlus aria-hidden="true" className="size-4" />
              Create Category
            </Button>
          }
        />
      );
    }
    return <CategoryList categories={categories} />;
  };

  return (
    <>
      <title>Founder Forum · Sailpost</title>
      <PageHeader
        breadcrumb={<Breadcrumb items={[{ label: 'Founder Forum' }]} />}
        title="Founder Forum"
        description="Ask, share and shape what Sailpost does next, with the other founders."
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen('category')}>
              <IconPlus aria-hidden="true" className="size-4" />
              Create Category
            </Button>
            <Button onClick={() => setOpen('thread')} disabled={categories?.length === 0}>
              <IconPlus aria-hidden="true" className="size-4" />
              New Thread
            </Button>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-start-3 lg:row-start-1">
          <TopDiscussions />
        </div>
        <section
          aria-labelledby="categories-title"
          className="lg:col-span-2 lg:col-start-1 lg:row-start-1"
        >
          <h2 id="categories-title" className="mb-3 text-base font-semibold text-slate-900">
            Categories
          </h2>
          {categoryList()}
        </section>
      </div>
      {open === 'thread' ? (
        <NewThreadModal
          onClose={() => setOpen(null)}
          onCreated={(thread) => {
            refresh();
            navigate(threadPath(thread.categorySlug, thread._id));
          }}
        />
      ) : null}
      {open === 'category' ? (
        <CreateCategoryModal
          onClose={() => setOpen(null)}
          onCreated={(category) => {
            setOpen(null);
            refresh();
            toast.success(`Category '${category.name}' created`);
          }}
        />
      ) : null}
    </>
  );
}
