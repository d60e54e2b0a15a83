import clsx from 'clsx';
import { useState } from 'react';
import type { ForumAuthor } from '#shared/contract/forum';
import { FORUM_DELETED_TEXT, type ForumVoteType } from '#shared/domain/forum';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog';
import { IconEye, IconEyeOff, IconPencil, IconTrash } from '#web/components/icons';
import { useStillAhead } from '#web/lib/use-still-ahead';
import { authorName } from '../forum-paths';
import type { MyVote } from '../votes';
import { ForumTime } from './forum-time';
import { PostEditor, type PostEdit } from './post-editor';
import { PostMarkdown } from './post-markdown';
import { VoteControl } from './vote-control';

/** What a thread's opening post and a reply have in common, as the card shows them. */
export interface CardPost {
  _id: string;
  content: string;
  userId: ForumAuthor;
  createdAt: string;
  edited: boolean;
  deleted: boolean;
  hidden: boolean;
  voteCount: number;
  myVote: MyVote;
  editableUntil: string | null;
}

interface PostCardProps {
  post: CardPost;
  /** "Opening post" or "Reply": how the card is named for a screen reader. */
  kind: 'Opening post' | 'Reply';
  /** The thread's title, edited with the opening post. */
  title?: string;
  /** The signed-in person: their own posts have no vote buttons, and their edit and delete. */
  viewerId: string | undefined;
  isAdmin: boolean;
  onVote: (type: ForumVoteType) => Promise<unknown>;
  onEdit: (edit: PostEdit) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  /** An admin's hide (or show again); left out where the card offers no hide (the thread has its own). */
  onHide?: (hidden: boolean) => Promise<unknown>;
}

const initialsOf = ({ firstName, lastName }: ForumAuthor) =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** A post in a thread: who wrote it and when, its text, its votes, and what one may do with it. */
export function PostCard({
  post,
  kind,
  title,
  viewerId,
  isAdmin,
  onVote,
  onEdit,
  onDelete,
  onHide,
}: PostCardProps) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [hiding, setHiding] = useState(false);
  const own = viewerId !== undefined && post.userId._id === viewerId;
  const editable = useStillAhead(post.editableUntil ? Date.parse(post.editableUntil) : null);
  const name = authorName(post.userId);

  const toggleHidden = async () => {
    if (!onHide) return;
    setHiding(true);
    try {
      await onHide(!post.hidden);
    } catch {
      // The page said why.
    } finally {
      setHiding(false);
    }
  };

  return (
    <article
      aria-label={`${kind} by ${name}`}
      className={clsx(cardClasses, 'p-4 sm:p-5', post.hidden && 'border-dashed bg-slate-50')}
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
        >
          {initialsOf(post.userId)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900">{name}</p>
          <p className="text-xs text-slate-600">
            <ForumTime iso={post.createdAt} />
            {post.edited && !post.deleted ? <span> · edited</span> : null}
          </p>
        </div>
        {post.hidden ? (
          <Badge tone="warning">
            <IconEyeOff aria-hidden="true" className="size-3.5" />
            Hidden
          </Badge>
        ) : null}
      </header>

      <div className="mt-3">
        {post.deleted ? (
          <p className="text-sm text-slate-500 italic">{FORUM_DELETED_TEXT}</p>
        ) : editing && post.editableUntil ? (
          <PostEditor
            initial={{ content: post.content, ...(title !== undefined ? { title } : {}) }}
            editableUntil={post.editableUntil}
            onCancel={() => setEditing(false)}
            onSave={async (edit) => {
              await onEdit(edit);
              setEditing(false);
            }}
          />
        ) : (
          <PostMarkdown content={post.content} />
        )}
      </div>

      <footer className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <VoteControl
          label={`Votes on the ${kind === 'Reply' ? `reply by ${name}` : 'thread'}`}
          count={post.voteCount}
          myVote={post.myVote}
          own={own}
          onVote={onVote}
        />
        <div className="flex flex-wrap gap-1">
          {own && editable && !post.deleted && !editing ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
              <IconPencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          ) : null}
          {own && !post.deleted ? (
            <Button variant="danger-ghost" size="sm" onClick={() => setConfirmDelete(true)}>
              <IconTrash aria-hidden="true" className="size-4" />
              Delete
            </Button>
          ) : null}
          {isAdmin && onHide ? (
            <Button variant="ghost" size="sm" onClick={() => void toggleHidden()} loading={hiding}>
              {post.hidden ? (
                <IconEye aria-hidden="true" className="size-4" />
              ) : (
                <IconEyeOff aria-hidden="true" className="size-4" />
              )}
              {post.hidden ? 'Show' : 'Hide'}
            </Button>
          ) : null}
        </div>
      </footer>

      <ConfirmDeleteDialog
        open={confirmDelete}
        title="Delete your post?"
        description={`Its text is replaced by '${FORUM_DELETED_TEXT}' for everyone; the replies stay.`}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={async () => {
          try {
            await onDelete();
            setConfirmDelete(false);
          } catch {
            // The page said why; the dialog stays for another try or Cancel.
          }
        }}
      />
    </article>
  );
}
