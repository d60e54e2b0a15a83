import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** How a link written in a post opens: a new tab, not vouched for, no handle back on this page. */
export const POST_LINK_REL = 'nofollow ugc noopener';

/** A link whose address survived the sanitizer; one that did not (`javascript:`…) is plain text. */
function PostLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel={POST_LINK_REL}
      className="font-medium break-words text-brand-700 underline hover:text-brand-900"
    >
      {children}
    </a>
  );
}

/**
 * An image in a post is never loaded (an image from another site would tell it who reads the
 * forum, and when): it is a link to the picture, named by its alt text.
 */
function PostImage({ src, alt }: ComponentProps<'img'>) {
  const label = alt?.trim() ? `Image: ${alt.trim()}` : 'Image';
  return typeof src === 'string' && src ? <PostLink href={src}>{label}</PostLink> : null;
}

/** A post's headings sit under the thread's own: they start one level below the page's h2. */
const subHeading = (Tag: 'h3' | 'h4') =>
  function PostHeading({ children }: ComponentProps<'h3'>) {
    return <Tag className="font-semibold text-slate-900">{children}</Tag>;
  };

const COMPONENTS: Components = {
  a: PostLink,
  img: PostImage,
  h1: subHeading('h3'),
  h2: subHeading('h3'),
  h3: subHeading('h4'),
  h4: subHeading('h4'),
  h5: subHeading('h4'),
  h6: subHeading('h4'),
};

const PROSE = [
  'text-sm leading-6 text-slate-800 break-words',
  '[&>*+*]:mt-3 [&_li+li]:mt-1',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_blockquote]:border-l-2 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.8125rem]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:border-slate-200',
].join(' ');

/**
 * A post's Markdown, as its author wrote it and the server stored it. HTML written in a post is
 * dropped, never rendered; what remains passes the sanitizer (no script, no event handler, links
 * only to http, https and mailto addresses and the like), links open in a new tab, and images are
 * links.
 */
export function PostMarkdown({ content }: { content: string }) {
  return (
    <div className={PROSE}>
      <Markdown skipHtml rehypePlugins={[rehypeSanitize]} components={COMPONENTS}>
        {content}
      </Markdown>
    </div>
  );
}
