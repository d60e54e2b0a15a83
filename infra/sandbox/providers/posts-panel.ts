import { CONNECTABLE_PLATFORMS, PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { escapeHtml, signatureOf } from '../html';
import { autolink } from '../inbox-page';
import { FAILURE_KINDS, FAILURE_LABELS, type FailureKind } from './failures';

/**
 * The Posts section of `/_sandbox`: what the app posted to the stand-ins for X and LinkedIn,
 * newest first, with its images and permalink; and above it, for each provider, buttons that make
 * its next API call fail (the same as `POST /_sandbox/api/providers/{platform}/next-failure`).
 */

export interface PanelMedia {
  url: string;
  altText?: string;
  contentType: string;
}

export interface PanelPost {
  platform: ConnectablePlatform;
  handle: string;
  text: string;
  media: readonly PanelMedia[];
  postId: string;
  url: string;
  postedAt: string;
}

export interface PostsPanelView {
  posts: readonly PanelPost[];
  nextFailures: Partial<Record<ConnectablePlatform, FailureKind>>;
  returnTo: string;
}

/** Posts shown; all of them are in `GET /_sandbox/api/posts`. */
const MAX_SHOWN = 20;

/** Images without alt text are shown as decoration (`alt=""`), as a reader would meet them. */
const renderMedia = (media: PanelMedia): string =>
  media.contentType.startsWith('video/')
    ? `<video src="${escapeHtml(media.url)}" controls preload="metadata" style="max-width:240px;max-height:180px;border-radius:8px"></video>`
    : `<img src="${escapeHtml(media.url)}" alt="${escapeHtml(media.altText ?? '')}" title="${escapeHtml(
        media.altText ? `Alt text: ${media.altText}` : 'No alt text',
      )}" loading="lazy" style="max-width:180px;max-height:180px;border-radius:8px;border:1px solid var(--line)">`;

const renderPost = (
  post: PanelPost,
): string => `<li class="row" data-id="${escapeHtml(post.postId)}">
  <div class="row-main">
    <div class="row-title"><span class="badge badge-job">${PLATFORMS[post.platform].shortName}</span>${escapeHtml(post.handle)}</div>
    <div class="text">${autolink(post.text)}</div>
    ${
      post.media.length
        ? `<div style="display:flex;gap:8px;flex-wrap:wrap;margin-top:6px">${post.media.map(renderMedia).join('')}</div>`
        : ''
    }
    <div class="row-detail"><time data-relative datetime="${escapeHtml(post.postedAt)}">${escapeHtml(
      post.postedAt,
    )}</time> · <a href="${escapeHtml(post.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(post.url)}</a></div>
  </div>
</li>`;

const failureControls = (
  platform: ConnectablePlatform,
  next: FailureKind | undefined,
  returnTo: string,
): string => {
  const buttons = FAILURE_KINDS.map(
    (kind) =>
      // The name starts with what the button shows (speech users say it), then says which provider.
      `<button type="submit" name="kind" value="${kind}" aria-label="${escapeHtml(
        FAILURE_LABELS[kind],
      )}: next ${PLATFORMS[platform].shortName} call">${escapeHtml(FAILURE_LABELS[kind])}</button>`,
  ).join('');
  const pending = next
    ? `<span class="outcome outcome-failed">Next call: ${escapeHtml(FAILURE_LABELS[next])}</span><button type="submit" name="kind" value="none" aria-label="Clear: next ${PLATFORMS[platform].shortName} call">Clear</button>`
    : '';
  return `<form method="post" action="/_sandbox/failures/${platform}" class="row" data-failures="${platform}">
  <input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
  <div class="row-main">
    <div class="row-title">Make the next ${PLATFORMS[platform].shortName} call fail ${pending}</div>
    <div style="display:flex;gap:8px;flex-wrap:wrap">${buttons}</div>
  </div>
</form>`;
};

export const postsPanel = (view: PostsPanelView): string => {
  const shown = view.posts.slice(0, MAX_SHOWN);
  const signature = signatureOf([
    ...view.posts.map((post) => post.postId),
    ...CONNECTABLE_PLATFORMS.map((platform) => view.nextFailures[platform] ?? ''),
  ]);
  const list = shown.length
    ? `<ul class="rows">${shown.map(renderPost).join('\n')}</ul>`
    : '<p class="none">Nothing posted yet. Connect X or LinkedIn on a company\'s Platforms screen and post: it shows up here.</p>';
  const more =
    view.posts.length > shown.length
      ? `<p class="none">${view.posts.length - shown.length} older ones are in <code>GET /_sandbox/api/posts</code>.</p>`
      : '';
  return `<section id="posts" class="panel" data-region="posts" data-signature="${escapeHtml(signature)}" aria-labelledby="posts-title">
<div class="panel-head"><h2 class="section-title" id="posts-title">Posts</h2><p>What Sailpost posted to the sandbox's stand-ins for X and LinkedIn, newest first.</p></div>
${CONNECTABLE_PLATFORMS.map((platform) => failureControls(platform, view.nextFailures[platform], view.returnTo)).join('\n')}
<h3>Posted <span class="count">${view.posts.length}</span></h3>
${list}
${more}
</section>`;
};
