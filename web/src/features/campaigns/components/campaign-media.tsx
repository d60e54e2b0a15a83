import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import { CAMPAIGN_TOASTS, MAX_CAMPAIGN_MEDIA } from '#shared/domain/campaigns';
import { platformName } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconPencil, IconPlus, IconTrash } from '#web/components/icons';
import { isSessionEnded } from '#web/lib/error-text';
import { useCampaignCache } from '../api/campaign-cache';
import { deleteMedia } from '../api/delete-media';
import { withServerMessage } from '../failure-text';
import { CAMPAIGN_SCREEN_TEXTS, USAGE_LABELS } from '../messages';
import { AddMediaModal } from './add-media-modal';
import { IconPhoto, IconPlay } from './campaign-icons';
import { DeleteMediaDialog } from './delete-media-dialog';
import { EditMediaModal } from './edit-media-modal';

/** A link that failed to load is read again at most this often (links expire after an hour). */
const STALE_LINK_RETRY_MS = 60_000;

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900';

function MediaTile({
  asset,
  onEdit,
  onDelete,
  onBrokenLink,
}: {
  asset: MediaAsset;
  onEdit: () => void;
  onDelete: () => void;
  onBrokenLink: () => void;
}) {
  const video = asset.type === 'video';
  return (
    <li className="group min-w-0">
      <figure className="relative">
        <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
          {video ? (
            <video
              src={asset.url}
              muted
              playsInline
              preload="metadata"
              aria-hidden="true"
              onError={onBrokenLink}
              className="size-full object-cover"
            />
          ) : (
            <img
              src={asset.thumbnailUrl ?? asset.url}
              alt=""
              loading="lazy"
              onError={onBrokenLink}
              className="size-full object-cover"
            />
          )}
          {video ? (
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-medium text-white">
              <IconPlay aria-hidden="true" className="size-3.5" />
              Video
            </span>
          ) : null}
        </div>
        {/* Usage and description: over the picture on hover and while the file's buttons have
            focus; under it on a touch screen, which has no hover. Read by screen readers always. */}
        <figcaption
          className={clsx(
            'absolute inset-x-0 bottom-0 flex max-h-full flex-col gap-1 rounded-b-xl bg-gradient-to-t from-slate-950/90 via-slate-950/75 to-transparent px-3 pt-6 pb-2.5 text-white',
            'opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100',
            'pointer-coarse:static pointer-coarse:bg-none pointer-coarse:px-0 pointer-coarse:pt-2 pointer-coarse:pb-0 pointer-coarse:text-slate-800 pointer-coarse:opacity-100',
          )}
        >
          <span className="sr-only">{`${asset.fileName}: `}</span>
          <span className="inline-flex flex-wrap items-center gap-1.5">
            <Badge
              tone="neutral"
              className="bg-white/90 text-slate-800 ring-white/40 pointer-coarse:bg-slate-100 pointer-coarse:ring-slate-200"
            >
              {USAGE_LABELS[asset.usage]}
            </Badge>
            {asset.platforms.length ? (
              <span className="text-xs text-white/80 pointer-coarse:text-slate-500">
                {asset.platforms.map(platformName).join(', ')}
              </span>
            ) : null}
          </span>
          <span
            className={clsx(
              'line-clamp-2 text-sm',
              !asset.description && 'text-white/70 pointer-coarse:text-slate-500',
            )}
          >
            {asset.description || 'No description'}
          </span>
        </figcaption>
      </figure>
      <div className="mt-1.5 flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm text-slate-700" title={asset.fileName}>
          {asset.fileName}
        </p>
        <div className="flex shrink-0">
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${asset.fileName}`}
            title="Edit"
            className={iconButton}
          >
            <IconPencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${asset.fileName}`}
            title="Delete"
            className={clsx(iconButton, 'hover:bg-red-50 hover:text-red-700')}
          >
            <IconTrash aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * The campaign's Media Assets: a grid (usage and description on hover and focus), each file with
 * Edit and Delete, and 'Add Media' while the campaign has fewer than 5.
 */
export function CampaignMedia({ campaign, note }: { campaign: Campaign; note?: string }) {
  const assets = campaign.contentSeeds.mediaAssets;
  const { changeMedia, refreshCampaign } = useCampaignCache();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<MediaAsset | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);
  const lastRefresh = useRef(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The deleted file's buttons are gone: focus goes to Add Media (or the heading), not the page.
  const [deletedCount, setDeletedCount] = useState(0);
  useEffect(() => {
    if (deletedCount === 0) return;
    (addButton.current?.disabled ? heading.current : addButton.current)?.focus();
  }, [deletedCount]);
  const full = assets.length >= MAX_CAMPAIGN_MEDIA;
  const change = (update: (list: readonly MediaAsset[]) => MediaAsset[]) =>
    changeMedia(campaign._id, campaign.company, update);

  const onBrokenLink = () => {
    // Presigned links expire: read the campaign again for fresh ones, not in a loop.
    if (Date.now() - lastRefresh.current < STALE_LINK_RETRY_MS) return;
    lastRefresh.current = Date.now();
    refreshCampaign(campaign._id);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const asset = deleting;
    try {
      await deleteMedia(campaign._id, asset._id);
      setDeleting(null);
      setDeletedCount((count) => count + 1);
      toast.success(CAMPAIGN_TOASTS.mediaDeleted);
      change((list) => list.filter((item) => item._id !== asset._id));
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(withServerMessage(CAMPAIGN_TOASTS.mediaDeleteFailed, error));
      }
    }
  };

  return (
    <section
      aria-labelledby="media-assets-title"
      className={clsx(cardClasses, 'p-5 sm:p-6')}
      data-tour="campaign-media"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2
            ref={heading}
            id="media-assets-title"
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 outline-none"
          >
            Media Assets
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {`${assets.length} of ${MAX_CAMPAIGN_MEDIA} files. Images and videos this campaign's posts can use.`}
            {note ? ` ${note}` : null}
          </p>
        </div>
        <Button
          ref={addButton}
          variant="secondary"
          onClick={() => setAdding(true)}
          disabled={full}
          aria-describedby={full ? 'media-full-note' : undefined}
          className="self-start"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          Add Media
        </Button>
      </div>
      {full ? (
        <p id="media-full-note" className="mt-2 text-sm text-slate-500">
          {CAMPAIGN_SCREEN_TEXTS.mediaFull}
        </p>
      ) : null}

      {assets.length ? (
        <ul
          aria-label="Media files"
          className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-5"
        >
          {assets.map((asset) => (
            <MediaTile
              key={asset._id}
              asset={asset}
              onEdit={() => setEditing(asset)}
              onDelete={() => setDeleting(asset)}
              onBrokenLink={onBrokenLink}
            />
          ))}
        </ul>
      ) : (
        <div className="mt-5 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center">
          <IconPhoto aria-hidden="true" className="size-8 text-slate-400" />
          <p className="mt-2 text-sm text-slate-600">{CAMPAIGN_SCREEN_TEXTS.mediaEmpty}</p>
        </div>
      )}

      {adding ? (
        <AddMediaModal
          campaign={campaign}
          onAdded={(added) =>
            change((list) => [
              ...list.filter((item) => !added.some((asset) => asset._id === item._id)),
              ...added,
            ])
          }
          onClose={() => setAdding(false)}
        />
      ) : null}
      {editing ? (
        <EditMediaModal
          campaign={campaign}
          asset={editing}
          onSaved={(saved) =>
            change((list) => list.map((item) => (item._id === saved._id ? saved : item)))
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteMediaDialog
          fileName={deleting.fileName}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      ) : null}
    </section>
  );
}
