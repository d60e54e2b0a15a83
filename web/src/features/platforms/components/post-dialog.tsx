import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { POST_TEXT_MAX } from '#shared/contract/platforms';
import { PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { postTextLength } from '#shared/domain/post-text';
import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { FormModal } from '#web/components/form-modal';
import { PostTextField } from '#web/components/post-text-field';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { serverFieldError } from '#web/lib/form-errors';
import { usePostNow } from '../api/post-now';
import { PLATFORM_MESSAGES, postedText } from '../messages';
import { useMediaUploads, type MediaUploads } from '../use-media-uploads';
import { MediaPicker } from './media-picker';

export interface PostDialogProps {
  companyId: string;
  platform: ConnectablePlatform;
  /** The connected account ('@harborcoffee'), named under the title. */
  handle: string;
  /** The text from the last time the dialog was open without posting (kept by the screen). */
  draft?: string;
  /** Each change of the text, so closing the dialog by mistake does not lose it. */
  onDraftChange?: (text: string) => void;
  /** After a post went out (the dialog then closes). */
  onPosted?: () => void;
  onClose: () => void;
}

/** Why Post is not ready yet, when uploads hold it back (the text's problems show by the text). */
const waitingFor = (media: MediaUploads): string | null => {
  if (media.uploading) return 'Post is ready once the uploads finish.';
  if (media.refused) return 'Remove the file that was refused.';
  if (media.failed) return 'Retry or remove the file that failed to upload.';
  return null;
};

function PostedToast({ platform, url }: { platform: ConnectablePlatform; url: string }) {
  return (
    <span>
      {postedText(platform)}{' '}
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="font-semibold text-brand-700 underline hover:text-brand-900"
      >
        View post<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </span>
  );
}

/** A success toast that carries a link stays long enough to reach the link. */
const POSTED_TOAST_MS = 8000;

/**
 * 'Post to {platform}': text counted as the platform counts it, media uploaded straight to S3 as
 * it is chosen, then Post. The dialog mounts when it opens: its text comes back from the screen's
 * draft, its media start afresh. A failure keeps everything typed and chosen.
 */
export function PostDialog({
  companyId,
  platform,
  handle,
  draft = '',
  onDraftChange,
  onPosted,
  onClose,
}: PostDialogProps) {
  const name = PLATFORMS[platform].name;
  const [text, setText] = useState(draft);
  /** The server's refusal of the text as it was sent; gone once the text changes. */
  const [textError, setTextError] = useState<string | undefined>();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const changeText = (value: string) => {
    setText(value);
    setTextError(undefined);
    onDraftChange?.(value);
  };
  const [posting, setPosting] = useState(false);
  // A refused text takes the focus once the dialog is enabled again, to be read with its message.
  useEffect(() => {
    if (textError && !posting) textArea.current?.focus();
  }, [textError, posting]);
  const media = useMediaUploads(companyId, platform);
  const postNow = usePostNow();
  const { withinLimit } = postTextLength(platform, text);
  const waiting = waitingFor(media);
  // Instagram has no text-only posts: said at once, and Post waits for an image or a video.
  const required = PLATFORM_MEDIA[platform].mediaRequired && media.items.length === 0;
  const ready = text.trim().length > 0 && withinLimit && !waiting && !required;

  const submit = async () => {
    if (!ready || posting) return;
    setPosting(true);
    try {
      const published = await postNow(platform, companyId, { text, media: media.postMedia });
      toast.success(<PostedToast platform={platform} url={published.url} />, {
        duration: POSTED_TOAST_MS,
      });
      onPosted?.();
      onClose();
    } catch (error) {
      setPosting(false);
      if (isSessionEnded(error)) return;
      // A refusal of the text shows at the text; any other (rate limit, reconnect, duplicate) in
      // the server's words. The dialog keeps it all.
      const refusedText = serverFieldError(error, 'text');
      if (refusedText) setTextError(refusedText);
      else toast.error(failureText(PLATFORM_MESSAGES.postAction, error));
    }
  };

  return (
    <FormModal
      onClose={onClose}
      busy={posting}
      size="lg"
      title={`Post to ${name}`}
      description={`Posts now as ${handle}.`}
      submitLabel={posting ? 'Posting...' : 'Post'}
      submitDisabled={!ready}
      onSubmit={submit}
      formClassName="space-y-6"
    >
      <PostTextField
        ref={textArea}
        platform={platform}
        value={text}
        onChange={changeText}
        maxLength={POST_TEXT_MAX}
        placeholder="What's on your mind?"
        disabled={posting}
        error={textError}
      />
      <MediaPicker platform={platform} media={media} disabled={posting} />
      {required ? (
        <p className="text-sm text-slate-600">{PLATFORM_MESSAGES.mediaRequired(name)}</p>
      ) : null}
      {waiting ? (
        <p role="status" className="text-sm text-slate-600">
          {waiting}
        </p>
      ) : null}
    </FormModal>
  );
}
