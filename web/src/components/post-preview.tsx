import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import type { MediaAsset } from '#shared/contract/media';
import type { PlatformCredential } from '#shared/contract/platforms';
import { postTextLength } from '#shared/domain/post-text';
import { linksUnclickable } from '#shared/domain/post-text-rules';
import type { PlatformId, PlatformTable } from '#shared/domain/tiers';
import { IconInfo } from '#web/components/icons';
import { CONTENT_SCREEN_TEXTS } from './content-texts';

/** Who the post appears to come from: the connected account, or the company before one is. */
export interface PreviewAccount {
  name: string;
  /** '@handle' on X; empty where the platform shows none. */
  handle: string;
  avatarUrl: string | null;
}

/** LinkedIn folds a post after about three lines (~210 characters) behind '…see more'. */
export const LINKEDIN_FOLD_CHARS = 210;
const LINKEDIN_FOLD_LINES = 3;

/** Hashtags, @mentions and links, as the platforms pick them out. */
const TOKEN = /(https?:\/\/[^\s]+|www\.[^\s]+|#[\p{L}\p{N}_]+|@[A-Za-z0-9_]+)/gu;

/** X shows a link without its scheme or `www.`, cut after 23 characters with '…'. */
const X_LINK_SHOWN = 23;
export const xDisplayUrl = (url: string): string => {
  const bare = url.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  return [...bare].length > X_LINK_SHOWN ? `${[...bare].slice(0, X_LINK_SHOWN).join('')}…` : bare;
};
const isLink = (token: string) => /^(https?:\/\/|www\.)/i.test(token);

/**
 * The text with its hashtags, mentions and links coloured as the platform colours them; where
 * links cannot be clicked (Instagram's captions) a link stays plain text, as the platform shows it.
 */
export function RichText({ text, platform }: { text: string; platform: PlatformId }) {
  const parts = text.split(TOKEN);
  const plainLinks = linksUnclickable(platform);
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at the odd places.
        index % 2 === 1 && !(plainLinks && isLink(part)) ? (
          <span
            key={index}
            className={clsx(PREVIEWS[platform].tokens, isLink(part) && 'break-all')}
            data-token=""
            title={isLink(part) ? part : undefined}
          >
            {isLink(part) ? PREVIEWS[platform].link(part) : part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Avatar({ account, className }: { account: PreviewAccount; className?: string }) {
  return account.avatarUrl ? (
    <img
      src={account.avatarUrl}
      alt=""
      className={clsx('shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-600',
        className,
      )}
    >
      {account.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

const numberText = (value: number) => value.toLocaleString('en-US');

/** "212 / 280" as the platform counts (X weighted), and Instagram's hashtags "3 / 30". */
export function TextCount({ platform, text }: { platform: PlatformId; text: string }) {
  const { length, max, withinLimit, hashtags, maxHashtags } = postTextLength(platform, text);
  const tooManyTags = maxHashtags !== null && hashtags > maxHashtags;
  const tooLong = length > max;
  return (
    <p
      data-testid="post-count"
      className={clsx(
        'text-xs tabular-nums',
        withinLimit ? 'text-slate-500' : 'font-semibold text-red-600',
      )}
    >
      <span aria-hidden="true">
        {`${numberText(length)} / ${numberText(max)}`}
        {maxHashtags !== null ? ` · ${hashtags} / ${maxHashtags} hashtags` : null}
      </span>
      <span className="sr-only">
        {`${length} of ${max} characters${tooLong ? ', over the limit' : ''}`}
        {maxHashtags !== null
          ? `, ${hashtags} of ${maxHashtags} hashtags${tooManyTags ? ', too many' : ''}`
          : ''}
      </span>
    </p>
  );
}

/** The note under a post with a link where the platform charges more to post one (X). */
export function LinkNote({ note }: { note: string }) {
  return (
    <p className="mt-2 flex gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset">
      <IconInfo aria-hidden="true" className="mt-px size-4 shrink-0 text-slate-500" />
      {note}
    </p>
  );
}

const imageOf = (asset: MediaAsset) => asset.thumbnailUrl ?? asset.url;

function Picture({ asset, className }: { asset: MediaAsset; className?: string }) {
  return (
    <img
      src={imageOf(asset)}
      alt={asset.description}
      loading="lazy"
      className={clsx('size-full bg-slate-100 object-cover', className)}
    />
  );
}

/** X: one image full width at 16:9; more share a 2-column grid (X shows up to 4). */
function XImages({ images }: { images: readonly MediaAsset[] }) {
  if (images.length === 0) return null;
  const shown = images.slice(0, 4);
  return (
    <div
      data-layout="x"
      className={clsx(
        'mt-3 grid gap-0.5 overflow-hidden rounded-2xl border border-slate-200',
        shown.length > 1 && 'grid-cols-2',
      )}
    >
      {shown.map((asset) => (
        <div key={asset._id} className="aspect-video">
          <Picture asset={asset} />
        </div>
      ))}
    </div>
  );
}

/** LinkedIn: a single image across the post. */
function LinkedInImages({ images }: { images: readonly MediaAsset[] }) {
  const first = images[0];
  if (!first) return null;
  return (
    <div data-layout="linkedin" className="mt-3 -mx-4 max-h-96 overflow-hidden">
      <Picture asset={first} className="max-h-96" />
    </div>
  );
}

/** Facebook: a grid of up to 4; the 4th says how many more there are ("+3"). */
function FacebookImages({ images }: { images: readonly MediaAsset[] }) {
  if (images.length === 0) return null;
  const shown = images.slice(0, 4);
  const more = images.length - shown.length;
  return (
    <div
      data-layout="facebook"
      className={clsx(
        '-mx-4 mt-3 grid gap-0.5',
        shown.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
      )}
    >
      {shown.map((asset, index) => (
        <div
          key={asset._id}
          className={clsx(
            'relative',
            shown.length === 1 ? 'aspect-[4/3]' : 'aspect-square',
            shown.length === 3 && index === 0 && 'col-span-2 aspect-[2/1]',
          )}
        >
          <Picture asset={asset} />
          {more > 0 && index === shown.length - 1 ? (
            <span className="absolute inset-0 flex items-center justify-center bg-slate-900/50 text-2xl font-semibold text-white">
              {`+${more}`}
              <span className="sr-only"> more images</span>
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** Instagram: a square carousel, one image at a time, with dots. */
function InstagramImages({ images }: { images: readonly MediaAsset[] }) {
  const [index, setIndex] = useState(0);
  const labelId = useId();
  if (images.length === 0) {
    return (
      <div
        data-layout="instagram"
        className="flex aspect-square items-center justify-center bg-slate-100 text-sm text-slate-500"
      >
        No image
      </div>
    );
  }
  const current = Math.min(index, images.length - 1);
  const asset = images[current]!;
  const step = (by: number) => setIndex((current + by + images.length) % images.length);
  return (
    <div
      data-layout="instagram"
      role="group"
      aria-roledescription="carousel"
      aria-labelledby={labelId}
    >
      <span id={labelId} className="sr-only">
        {`Image ${current + 1} of ${images.length}`}
      </span>
      <div className="relative aspect-square bg-slate-100">
        <Picture asset={asset} />
        {images.length > 1 ? (
          <>
            <CarouselButton label="Previous image" onClick={() => step(-1)} side="left" />
            <CarouselButton label="Next image" onClick={() => step(1)} side="right" />
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <div className="mt-2 flex justify-center gap-1" aria-hidden="true">
          {images.map((item, dot) => (
            <span
              key={item._id}
              className={clsx(
                'size-1.5 rounded-full',
                dot === current ? 'bg-[#0095f6]' : 'bg-slate-300',
              )}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function CarouselButton({
  label,
  onClick,
  side,
}: {
  label: string;
  onClick: () => void;
  side: 'left' | 'right';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={clsx(
        'absolute top-1/2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow',
        'focus-visible:outline-2 focus-visible:outline-brand-600',
        side === 'left' ? 'left-2' : 'right-2',
      )}
    >
      <span aria-hidden="true">{side === 'left' ? '‹' : '›'}</span>
    </button>
  );
}

/** LinkedIn's fold: the first three lines or ~210 characters, whichever is shorter. */
export const linkedInFold = (text: string): string | null => {
  const lines = text.split('\n');
  let folded =
    lines.length > LINKEDIN_FOLD_LINES ? lines.slice(0, LINKEDIN_FOLD_LINES).join('\n') : text;
  if (folded.length > LINKEDIN_FOLD_CHARS) {
    const cut = folded.slice(0, LINKEDIN_FOLD_CHARS);
    const space = cut.lastIndexOf(' ');
    folded = space > LINKEDIN_FOLD_CHARS / 2 ? cut.slice(0, space) : cut;
  }
  return folded.length < text.length ? folded.trimEnd() : null;
};

function LinkedInText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const folded = linkedInFold(text);
  if (folded === null || expanded) {
    return (
      <p className="text-sm leading-5 whitespace-pre-line text-slate-900">
        <RichText text={text} platform="linkedin" />
      </p>
    );
  }
  return (
    <p className="text-sm leading-5 whitespace-pre-line text-slate-900">
      <RichText text={folded} platform="linkedin" />
      <button
        type="button"
        onClick={() => setExpanded(true)}
        aria-expanded={false}
        className="ml-1 text-slate-500 hover:text-[#0a66c2] hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {CONTENT_SCREEN_TEXTS.seeMore}
      </button>
    </p>
  );
}

interface PostPreviewProps {
  platform: PlatformId;
  text: string;
  images: readonly MediaAsset[];
  account: PreviewAccount;
  /** Shown at the post's top right (the status badge). */
  aside?: ReactNode;
}

type PostFrameProps = Omit<PostPreviewProps, 'platform'>;

const frame = 'overflow-hidden rounded-xl border border-slate-200 bg-white';

function XPost({ text, images, account, aside }: PostFrameProps) {
  return (
    <div className={clsx(frame, 'flex gap-3 p-4')}>
      <Avatar account={account} className="size-10 text-base" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 truncate text-sm">
            <span className="font-bold text-slate-900">{account.name}</span>{' '}
            <span className="text-slate-500">{account.handle}</span>
          </p>
          {aside}
        </div>
        <p className="mt-0.5 text-[15px] leading-5 break-words whitespace-pre-line text-slate-900">
          <RichText text={text} platform="twitter" />
        </p>
        <XImages images={images} />
      </div>
    </div>
  );
}

/** LinkedIn's and Facebook's top of a post: the account's picture and name, when, and to whom. */
function FeedHeader({
  account,
  aside,
  avatar,
  when,
}: Pick<PostFrameProps, 'account' | 'aside'> & { avatar: string; when: string }) {
  return (
    <div className="flex items-start gap-2">
      <Avatar account={account} className={avatar} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{account.name}</p>
        <p className="text-xs text-slate-500">{when} · 🌐</p>
      </div>
      {aside}
    </div>
  );
}

function LinkedInPost({ text, images, account, aside }: PostFrameProps) {
  return (
    <div className={clsx(frame, 'px-4 pt-3 pb-3')}>
      <FeedHeader account={account} aside={aside} avatar="size-12 text-lg" when="Now" />
      <div className="mt-3 break-words">
        <LinkedInText text={text} />
      </div>
      <LinkedInImages images={images} />
    </div>
  );
}

function FacebookPost({ text, images, account, aside }: PostFrameProps) {
  return (
    <div className={clsx(frame, 'px-4 pt-3 pb-3')}>
      <FeedHeader account={account} aside={aside} avatar="size-10 text-base" when="Just now" />
      <p className="mt-3 text-[15px] leading-5 break-words whitespace-pre-line text-slate-900">
        <RichText text={text} platform="facebook" />
      </p>
      <FacebookImages images={images} />
    </div>
  );
}

function InstagramPost({ text, images, account, aside }: PostFrameProps) {
  // Instagram writes its usernames without the '@'.
  const username = account.handle.replace(/^@/, '') || account.name;
  return (
    <div className={frame}>
      <div className="flex items-center gap-2 px-3 py-2.5">
        <Avatar account={account} className="size-8 text-sm" />
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{username}</p>
        {aside}
      </div>
      <InstagramImages images={images} />
      <p className="px-3 pt-2.5 pb-3 text-sm leading-5 break-words whitespace-pre-line text-slate-900">
        <span className="font-semibold">{username}</span>{' '}
        <RichText text={text} platform="instagram" />
      </p>
    </div>
  );
}

interface PlatformPreview {
  /** The post laid out as the platform shows it. */
  Post: (props: PostFrameProps) => ReactNode;
  /** How hashtags, mentions and links are coloured. */
  tokens: string;
  /** How a link reads in the text. */
  link: (url: string) => string;
  /** Accounts go by a public @handle; LinkedIn and Facebook Pages have none (the handle is the name). */
  hasHandle: boolean;
}

const asWritten = (url: string) => url;

export const PREVIEWS: PlatformTable<PlatformPreview> = {
  // X's own link blue (#1d9bf0) is 3:1 on white, too faint to read: the same hue, darker (4.9:1).
  twitter: { Post: XPost, tokens: 'text-[#0c74bb]', link: xDisplayUrl, hasHandle: true },
  linkedin: {
    Post: LinkedInPost,
    tokens: 'font-semibold text-[#0a66c2]',
    link: asWritten,
    hasHandle: false,
  },
  // A Page goes by its name (its credential's handle is that name too).
  facebook: { Post: FacebookPost, tokens: 'text-[#385898]', link: asWritten, hasHandle: false },
  instagram: { Post: InstagramPost, tokens: 'text-[#00376b]', link: asWritten, hasHandle: true },
};

/** A post as the platform would show it: the account, the text, the images, and its count. */
export function PostPreview({ platform, ...post }: PostPreviewProps) {
  const { Post } = PREVIEWS[platform];
  const { linkNote } = postTextLength(platform, post.text);
  return (
    <div data-platform={platform}>
      <Post {...post} />
      <div className="mt-2 flex justify-end">
        <TextCount platform={platform} text={post.text} />
      </div>
      {linkNote ? <LinkNote note={linkNote} /> : null}
    </div>
  );
}

/** Who a platform's posts appear to come from: its connected account, else the company. */
export const previewAccountFor = (
  platform: PlatformId,
  credentials: readonly PlatformCredential[],
  companyName: string,
): PreviewAccount => {
  const credential = credentials.find(
    (item) => item.platform === platform && item.metadata.connected,
  );
  const { hasHandle } = PREVIEWS[platform];
  if (credential) {
    const handle = hasHandle ? credential.handle : '';
    return {
      name: credential.accountName ?? (hasHandle ? companyName : credential.handle),
      handle: handle && !handle.startsWith('@') ? `@${handle}` : handle,
      avatarUrl: credential.avatarUrl,
    };
  }
  const slug = companyName.toLowerCase().replace(/[^a-z0-9_]/g, '');
  return { name: companyName, handle: hasHandle ? `@${slug}` : '', avatarUrl: null };
};
