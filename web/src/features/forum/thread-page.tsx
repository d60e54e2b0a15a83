import { useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import type { ForumThread, ForumThreadPage } from '#shared/contract/forum';
import type { ForumVoteType } from '#shared/domain/forum';
import { Badge } from '#web/components/badge';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { IconEye, IconEyeOff, IconLock, IconPin } from '#web/components/icons';
import { Modal } from '#web/components/modal';
import { PageHeader } from '#web/components/page-header';
import { Skeleton } from '#web/components/skeleton';
import { failureText, hasCode, isSessionEnded } from '#web/lib/error-text';
import { useSession } from '#web/lib/session';
import { closeThread } from './api/close-thread';
import { createPost } from './api/create-post';
import { deletePost } from './api/delete-post';
import { deleteThread } from './api/delete-thread';
import { editPost } from './api/edit-post';
import { editThread } from './api/edit-thread';
import { FORUM_KEYS, useForumRefresh } from './api/forum-cache';
import { withNewPost, withPost, withThread, useThread } from './api/get-thread';
import { hidePost } from './api/hide-post';
import { hideThread } from './api/hide-thread';
import { useCategoryChoices } from './api/list-category-choices';
import { pinThread } from './api/pin-thread';
import { vote } from './api/vote';
import { LoadFailure } from './components/load-failure';
import { PostCard } from './components/post-card';
import { ClosedNotice, ReplyForm } from './components/reply-form';
import { categoryPath, countText, FORUM_PATH } from './forum-paths';
import { FORUM_TEXTS } from './forum-texts';

/** Says why a write failed (a toast), then lets the caller see the failure too. */
const saying =
  (action: string) =>
  async <T,>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(failureText(action, error));
      throw error;
    }
  };

function ThreadSkeleton() {
  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        Loading thread
      </p>
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/** The admin's Close thread, after a confirmation: a closed thread is never opened again. */
function CloseThreadButton({ onClose }: { onClose: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onClose();
      setOpen(false);
    } catch {
      // Said in a toast; the dialog stays for another try or Cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <IconLock aria-hidden="true" className="size-4" />
        Close thread
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        size="sm"
        busy={busy}
        title="Close this thread?"
        description="Nobody can reply to it any more. It stays readable, and this cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={busy}>
              {busy ? 'Closing...' : 'Close thread'}
            </Button>
          </>
        }
      />
    </>
  );
}

/** /dashboard/forum/{categorySlug}/{threadId}: the opening post, its replies, the reply form. */
export function ThreadPage() {
  const { categorySlug = '', threadId } = useParams();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { thread, posts, error, hasMore, loadingMore, showMore, retry, update } =
    useThread(threadId);
  const { choices } = useCategoryChoices();
  const refreshLists = useForumRefresh();
  const [busyAction, setBusyAction] = useState<'pin' | 'hide' | null>(null);

  const categoryName = choices?.find((choice) => choice.slug === categorySlug)?.name ?? 'Category';
  const breadcrumb = (
    <Breadcrumb
      items={[
        { label: 'Founder Forum', path: FORUM_PATH },
        { label: categoryName, path: categoryPath(categorySlug) },
        { label: thread?.title ?? 'Thread' },
      ]}
    />
  );

  if (error || !thread || !posts) {
    return (
      <>
        <title>Thread · Founder Forum · Sailpost</title>
        <PageHeader breadcrumb={breadcrumb} title="Thread" />
        {error ? (
          <LoadFailure title={FORUM_TEXTS.loadThreadFailed} error={error} onRetry={retry} />
        ) : (
          <ThreadSkeleton />
        )}
      </>
    );
  }

  // This thread's own pages are updated in place; the lists that show it are read again.
  // (The categories' names in the picker do not change with what happens in a thread.)
  const isThreadKey = (key: unknown) =>
    Array.isArray(key) && (key[1] === thread._id || key[0] === FORUM_KEYS.categoryChoices);
  const threadWrite = (action: string) => async (write: Promise<ForumThread>) => {
    const changed = await saying(action)(write);
    await update((pages) => withThread(pages, changed));
    refreshLists(isThreadKey);
    return changed;
  };

  const voteOn = (postId?: string) => async (type: ForumVoteType) => {
    const result = await vote(type, { threadId: thread._id, ...(postId ? { postId } : {}) });
    await update((pages: ForumThreadPage[]) =>
      pages.map((page) => ({
        ...page,
        thread: postId ? page.thread : { ...page.thread, ...result },
        data: postId
          ? page.data.map((post) => (post._id === postId ? { ...post, ...result } : post))
          : page.data,
      })),
    );
    refreshLists(isThreadKey);
  };

  const adminAction = async (action: 'pin' | 'hide') => {
    setBusyAction(action);
    try {
      await threadWrite(action === 'pin' ? 'pin thread' : 'hide thread')(
        action === 'pin'
          ? pinThread(thread._id, !thread.pinned)
          : hideThread(thread._id, !thread.hidden),
      );
    } catch {
      // Said in a toast.
    } finally {
      setBusyAction(null);
    }
  };

  const closed = thread.status === 'closed';

  return (
    <>
      <title>{`${thread.title} · Founder Forum · Sailpost`}</title>
      <PageHeader
        breadcrumb={breadcrumb}
        title={<span className="break-words">{thread.title}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {thread.pinned ? (
              <Badge tone="brand">
                <IconPin aria-hidden="true" className="size-3.5" />
                Pinned
              </Badge>
            ) : null}
            {closed ? (
              <Badge>
                <IconLock aria-hidden="true" className="size-3.5" />
                Closed
              </Badge>
            ) : null}
            {thread.hidden ? (
              <Badge tone="warning">
                <IconEyeOff aria-hidden="true" className="size-3.5" />
                Hidden
              </Badge>
            ) : null}
            <span className="text-sm text-slate-600">
              {countText(thread.posts, 'reply', 'replies')}
            </span>
          </span>
        }
        actions={
          isAdmin ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                loading={busyAction === 'pin'}
                onClick={() => void adminAction('pin')}
              >
                <IconPin aria-hidden="true" className="size-4" />
                {thread.pinned ? 'Unpin' : 'Pin'}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                loading={busyAction === 'hide'}
                onClick={() => void adminAction('hide')}
              >
                {thread.hidden ? (
                  <IconEye aria-hidden="true" className="size-4" />
                ) : (
                  <IconEyeOff aria-hidden="true" className="size-4" />
                )}
                {thread.hidden ? 'Show thread' : 'Hide thread'}
              </Button>
              {closed ? null : (
                <CloseThreadButton
                  onClose={() => threadWrite('close thread')(closeThread(thread._id))}
                />
              )}
            </>
          ) : null
        }
      />

      <div className="space-y-6">
        <PostCard
          kind="Opening post"
          post={thread}
          title={thread.title}
          viewerId={user?._id}
          isAdmin={isAdmin}
          onVote={voteOn()}
          onEdit={(edit) => threadWrite('save your edit')(editThread(thread._id, edit))}
          onDelete={() => threadWrite('delete your post')(deleteThread(thread._id))}
        />

        <section aria-labelledby="replies-title" className="space-y-4">
          <h2 id="replies-title" className="text-base font-semibold text-slate-900">
            {posts.length ? countText(thread.posts, 'Reply', 'Replies') : 'No replies yet'}
          </h2>
          {posts.map((post) => {
            const postWrite = (action: string) => async (write: Promise<typeof post>) => {
              const changed = await saying(action)(write);
              await update((pages) => withPost(pages, changed));
              return changed;
            };
            return (
              <PostCard
                key={post._id}
                kind="Reply"
                post={post}
                viewerId={user?._id}
                isAdmin={isAdmin}
                onVote={voteOn(post._id)}
                onEdit={(edit) =>
                  postWrite('save your edit')(
                    editPost(thread._id, post._id, { content: edit.content }),
                  )
                }
                onDelete={() => postWrite('delete your post')(deletePost(thread._id, post._id))}
                onHide={(hidden) =>
                  postWrite(hidden ? 'hide reply' : 'show reply')(
                    hidePost(thread._id, post._id, hidden),
                  )
                }
              />
            );
          })}
          {hasMore ? (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={showMore} loading={loadingMore}>
                Show more replies
              </Button>
            </div>
          ) : null}
        </section>

        {closed ? (
          <ClosedNotice />
        ) : (
          <ReplyForm
            onReply={async (content) => {
              try {
                const post = await createPost(thread._id, content);
                await update((pages) => withNewPost(pages, post));
                refreshLists(isThreadKey);
              } catch (error) {
                // Closed since it was read: read it again, and the lock replaces the form.
                if (hasCode(error, 'FORUM_THREAD_CLOSED')) retry();
                throw error;
              }
            }}
          />
        )}
      </div>
    </>
  );
}
