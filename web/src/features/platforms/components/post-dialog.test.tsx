import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { installFakeXhr, type FakeXhr } from '#web/test/fake-xhr';
import {
  bodiesSentTo,
  deferredAnswer,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { PostDialog } from './post-dialog';
import { X_LINK_COST_NOTE as LINK_COST_NOTE } from '#shared/domain/post-text';
import { EXE_BYTES, mediaBytes } from '#web/test/media-bytes';

const MB = 1024 * 1024;

const image = (name: string, type = 'image/png', size = 2000) => {
  const file = new File([mediaBytes(type)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

let uploads = 0;
const presignedPost = (): MockAnswer => () => {
  uploads += 1;
  return Promise.resolve(
    jsonResponse(
      {
        key: `companies/c1/media/${uploads}.png`,
        url: 'https://media.example/sailpost-media',
        fields: { key: `companies/c1/media/${uploads}.png`, Policy: 'policy' },
        maxBytes: 5 * MB,
        expiresAt: '2026-11-10T12:15:00.000Z',
      },
      201,
    ),
  );
};

const renderDialog = ({
  platform = 'twitter',
  answers = {},
}: { platform?: ConnectablePlatform; answers?: Record<string, MockAnswer> } = {}) => {
  seedSession();
  uploads = 0;
  const requests = installFakeXhr();
  const fetchMock = mockFetch({
    'POST /api/companies/c1/platform-media': presignedPost(),
    ...answers,
  });
  const onClose = vi.fn();
  renderScreen(
    '/post',
    <PostDialog companyId="c1" platform={platform} handle="@harborcoffee" onClose={onClose} />,
    { at: '/post' },
  );
  // Refused types are part of what is tested: the picker's filter is not applied here.
  const user = userEvent.setup({ applyAccept: false });
  const textArea = screen.getByRole('textbox', { name: 'Post text' });
  const fileInput = screen.getByLabelText('Add Media (optional)', { selector: 'input' });
  const postButton = () => screen.getByRole('button', { name: /^Post|Posting/ });
  return { user, fetchMock, requests, onClose, textArea, fileInput, postButton };
};

/** The n-th XHR upload, once the presigned POST for it has come back. */
const nthUpload = async (requests: FakeXhr[], index: number) => {
  await waitFor(() => expect(requests[index]?.url).toBe('https://media.example/sailpost-media'));
  return requests[index]!;
};

describe('PostDialog', () => {
  describe('the text', () => {
    it("has the spec's placeholder and counts as X counts: CJK 2, links 23", async () => {
      const { user, textArea } = renderDialog();
      expect(screen.getByRole('dialog', { name: 'Post to X (Twitter)' })).toBeInTheDocument();
      expect(textArea).toHaveAttribute('placeholder', "What's on your mind?");
      expect(textArea).toHaveAccessibleDescription('0 of 280 characters');

      await user.type(textArea, 'Hello');
      expect(textArea).toHaveAccessibleDescription('5 of 280 characters');

      await user.clear(textArea);
      await user.paste('日本語');
      expect(textArea).toHaveAccessibleDescription('6 of 280 characters');
      expect(screen.getByText(/X counts every link as 23 characters/)).toBeInTheDocument();

      await user.clear(textArea);
      await user.paste('Menu: https://harbor.coffee/menu');
      expect(textArea).toHaveAccessibleDescription(expect.stringContaining('29 of 280 characters'));
    });

    it('shows how far over the limit it is, and will not post', async () => {
      const { user, textArea, postButton } = renderDialog();
      await user.click(textArea);
      await user.paste('語'.repeat(141));
      expect(textArea).toHaveAccessibleDescription('282 of 280 characters, 2 over the limit');
      expect(textArea).toBeInvalid();
      expect(postButton()).toBeDisabled();
      expect(screen.getByText('2 characters over the limit')).toBeInTheDocument();
    });

    it('notes calmly that X charges far more for a post with a link', async () => {
      const { user, textArea } = renderDialog();
      expect(screen.queryByText(LINK_COST_NOTE)).not.toBeInTheDocument();
      await user.type(textArea, 'New roast today at harbor.coffee');
      expect(screen.getByText(LINK_COST_NOTE)).toBeInTheDocument();
      expect(textArea).toHaveAccessibleDescription(expect.stringContaining(LINK_COST_NOTE));
    });

    it('counts plainly up to 3,000 on LinkedIn, with no link note', async () => {
      const { user, textArea } = renderDialog({ platform: 'linkedin' });
      await user.type(textArea, 'See harbor.coffee 日本');
      expect(textArea).toHaveAccessibleDescription('20 of 3000 characters');
      expect(screen.queryByText(LINK_COST_NOTE)).not.toBeInTheDocument();
    });
  });

  describe('media', () => {
    it("refuses what the platform cannot take, saying why, and keeps X's set rules", async () => {
      const { user, fileInput, fetchMock } = renderDialog();
      await user.upload(fileInput, [
        image('a.png'),
        image('b.png'),
        image('doc.pdf', 'application/pdf'),
        image('huge.jpg', 'image/jpeg', 6 * MB),
        image('c.png'),
        image('d.png'),
        image('e.png'),
      ]);
      const media = await screen.findByRole('list', { name: 'Media' });
      expect(within(media).getAllByRole('listitem')).toHaveLength(4);
      const refusals = screen.getByRole('alert');
      expect(refusals).toHaveTextContent('These files were not added:');
      expect(refusals).toHaveTextContent(
        'doc.pdf: X (Twitter) takes JPEG, PNG, WebP, GIF or MP4 files',
      );
      expect(refusals).toHaveTextContent(
        'huge.jpg: It is 6 MB; images on X (Twitter) can be up to 5 MB',
      );
      expect(refusals).toHaveTextContent('e.png: A post can have at most 4 images');

      await user.upload(fileInput, [image('clip.mp4', 'video/mp4', 20 * MB)]);
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          "clip.mp4: A post with a video can't have other media",
        ),
      );
      await waitFor(() =>
        expect(bodiesSentTo(fetchMock, 'POST /api/companies/c1/platform-media')).toHaveLength(4),
      );
      expect(bodiesSentTo(fetchMock, 'POST /api/companies/c1/platform-media')[0]).toEqual({
        platform: 'twitter',
        fileName: 'a.png',
        contentType: 'image/png',
        size: 2000,
      });
    });

    it('uploads each file straight to S3 at once, showing its progress; Post waits for it', async () => {
      const { user, textArea, fileInput, requests, postButton } = renderDialog();
      await user.type(textArea, 'Fresh beans');
      await user.upload(fileInput, image('beans.png'));
      const upload = await nthUpload(requests, 0);
      expect(upload.formEntries()).toEqual([
        ['key', 'companies/c1/media/1.png'],
        ['Policy', 'policy'],
        ['file', 'file:beans.png'],
      ]);
      expect(postButton()).toBeDisabled();
      expect(screen.getByText('Post is ready once the uploads finish.')).toBeInTheDocument();

      act(() => upload.progress(42, 100));
      const progress = screen.getByRole('progressbar', { name: 'Uploading beans.png' });
      expect(progress).toHaveAttribute('aria-valuenow', '42');
      expect(progress).toHaveAttribute('aria-valuetext', '42% uploaded');

      act(() => upload.respond(204));
      expect(await screen.findByText('Uploaded')).toBeInTheDocument();
      expect(screen.getByText('beans.png uploaded')).toBeInTheDocument();
      expect(postButton()).toBeEnabled();
    });

    it('shows a failed upload with Retry and Remove', async () => {
      const { user, textArea, fileInput, requests, postButton } = renderDialog();
      await user.type(textArea, 'Fresh beans');
      await user.upload(fileInput, image('beans.png'));
      const first = await nthUpload(requests, 0);
      act(() => first.failNetwork());
      expect(
        await screen.findByText("The upload didn't finish. Check your connection and try again."),
      ).toBeInTheDocument();
      expect(postButton()).toBeDisabled();
      expect(
        screen.getByText('Retry or remove the file that failed to upload.'),
      ).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Retry beans.png' }));
      const second = await nthUpload(requests, 1);
      act(() => second.respond(204));
      expect(await screen.findByText('Uploaded')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Remove beans.png' }));
      expect(screen.queryByRole('list', { name: 'Media' })).not.toBeInTheDocument();
    });

    it("says the API's reason when it refuses the file", async () => {
      const { user, fileInput } = renderDialog({
        answers: {
          'POST /api/companies/c1/platform-media': {
            status: 413,
            body: {
              statusCode: 413,
              code: 'MEDIA_TOO_LARGE',
              message: 'Images on X can be up to 5 MB',
              error: 'Payload Too Large',
            },
          },
        },
      });
      await user.upload(fileInput, image('beans.png'));
      expect(await screen.findByText('Images on X can be up to 5 MB')).toBeInTheDocument();
      // Sending the same file again would be refused again: Remove only.
      expect(screen.queryByRole('button', { name: 'Retry beans.png' })).not.toBeInTheDocument();
      expect(screen.getByText('Remove the file that was refused.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove beans.png' })).toBeInTheDocument();
    });

    it('refuses a program renamed as an image at the file, by its first bytes, before uploading', async () => {
      const { user, fileInput, fetchMock } = renderDialog();
      await user.upload(fileInput, [
        new File([EXE_BYTES], 'holiday-photo.jpg', { type: 'image/jpeg' }),
        image('beans.png'),
      ]);
      const refusals = await screen.findByRole('alert');
      expect(refusals).toHaveTextContent(
        'holiday-photo.jpg: This file is not a JPEG, PNG, WebP, GIF or MP4 file, whatever its name says',
      );
      const media = screen.getByRole('list', { name: 'Media' });
      expect(within(media).getAllByRole('listitem')).toHaveLength(1);
      await waitFor(() =>
        expect(bodiesSentTo(fetchMock, 'POST /api/companies/c1/platform-media')).toHaveLength(1),
      );
      expect(bodiesSentTo(fetchMock, 'POST /api/companies/c1/platform-media')[0]).toMatchObject({
        fileName: 'beans.png',
      });
    });

    it('on Instagram, waits for an image or a video, and refuses an image outside 4:5 to 1.91:1 as it is chosen', async () => {
      // Chromium decodes the images; here each says its size by its name.
      vi.stubGlobal('createImageBitmap', (file: File) =>
        Promise.resolve(
          file.name.startsWith('banner')
            ? { width: 2000, height: 500, close: () => undefined }
            : { width: 1080, height: 1350, close: () => undefined },
        ),
      );
      const { user, textArea, fileInput, postButton, requests } = renderDialog({
        platform: 'instagram',
      });
      expect(
        screen.getByText(
          'Up to 10 images (JPEG, 8 MB each) and videos (MP4, 100 MB each), 10 in all. Images from 4:5 to 1.91:1.',
        ),
      ).toBeInTheDocument();
      await user.type(textArea, 'Autumn on the bar #autumn');
      expect(postButton()).toBeDisabled();
      expect(
        screen.getByText('Instagram posts need an image or a video: add one to post.'),
      ).toBeInTheDocument();

      // Post now sends Instagram JPEG only: a PNG is converted to JPEG as a campaign image.
      await user.upload(fileInput, image('logo.png'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'logo.png: Post now sends JPEG or MP4 files to Instagram; a PNG is converted to JPEG as a campaign image',
      );
      await user.upload(fileInput, [
        image('banner.jpg', 'image/jpeg'),
        image('portrait.jpg', 'image/jpeg'),
      ]);
      const refusals = await screen.findByRole('alert');
      expect(refusals).toHaveTextContent(
        'banner.jpg: Instagram takes images from 4:5 (portrait) to 1.91:1 (landscape); this one is 2000 × 500. Crop it, or choose another image.',
      );
      const media = screen.getByRole('list', { name: 'Media' });
      expect(within(media).getAllByRole('listitem')).toHaveLength(1);
      expect(screen.queryByText(/need an image or a video/)).not.toBeInTheDocument();
      const upload = await nthUpload(requests, 0);
      act(() => upload.respond(204));
      await waitFor(() => expect(postButton()).toBeEnabled());
    });

    it('removing a file stops its upload', async () => {
      const { user, fileInput, requests } = renderDialog();
      await user.upload(fileInput, image('beans.png'));
      const upload = await nthUpload(requests, 0);
      await user.click(screen.getByRole('button', { name: 'Remove beans.png' }));
      expect(upload.aborted).toBe(true);
    });
  });

  describe('posting', () => {
    it("posts the text and media with alt text, then says 'Content posted to Twitter!' with a link", async () => {
      const { user, textArea, fileInput, requests, postButton, fetchMock, onClose } = renderDialog({
        answers: {
          'POST /api/platforms/twitter/post/c1': {
            status: 201,
            body: {
              platform: 'twitter',
              postId: '1860000000000000001',
              url: 'https://x.com/harborcoffee/status/1860000000000000001',
            },
          },
        },
      });
      await user.type(textArea, 'Fresh beans');
      await user.upload(fileInput, image('beans.png'));
      const upload = await nthUpload(requests, 0);
      act(() => upload.respond(204));
      await user.type(
        await screen.findByRole('textbox', { name: /Alt text for beans\.png/ }),
        'A bag of beans',
      );
      await user.click(postButton());

      const link = await screen.findByRole('link', { name: 'View post (opens in a new tab)' });
      expect(link).toHaveAttribute('href', 'https://x.com/harborcoffee/status/1860000000000000001');
      expect(screen.getByText('Content posted to Twitter!')).toBeInTheDocument();
      expect(onClose).toHaveBeenCalled();
      expect(bodiesSentTo(fetchMock, 'POST /api/platforms/twitter/post/c1')).toEqual([
        {
          text: 'Fresh beans',
          media: [{ key: 'companies/c1/media/1.png', altText: 'A bag of beans' }],
        },
      ]);
    });

    it("reads 'Posting...' while busy and posts to LinkedIn's route", async () => {
      const posted = deferredAnswer();
      const { user, textArea, postButton } = renderDialog({
        platform: 'linkedin',
        answers: { 'POST /api/platforms/linkedin/companies/c1/post': posted.answer },
      });
      await user.type(textArea, 'Hiring a barista');
      await user.click(postButton());
      expect(postButton()).toHaveTextContent('Posting...');
      expect(postButton()).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      posted.resolve(
        jsonResponse(
          {
            platform: 'linkedin',
            postId: 'urn:li:share:7',
            url: 'https://www.linkedin.com/feed/update/urn:li:share:7',
          },
          201,
        ),
      );
      expect(await screen.findByText('Content posted to LinkedIn!')).toBeInTheDocument();
    });

    it("explains a paused plan in the server's words (SUBSCRIPTION_REQUIRED)", async () => {
      const { user, textArea, postButton } = renderDialog({
        answers: {
          'POST /api/platforms/twitter/post/c1': {
            status: 402,
            body: {
              statusCode: 402,
              code: 'SUBSCRIPTION_REQUIRED',
              message:
                'Your free trial has ended. Choose a plan to keep generating and publishing posts.',
              error: 'Payment Required',
            },
          },
        },
      });
      await user.type(textArea, 'Fresh beans');
      await user.click(postButton());
      expect(
        await screen.findByText(
          'Failed to post content: Your free trial has ended. Choose a plan to keep generating and publishing posts.',
        ),
      ).toBeInTheDocument();
      expect(textArea).toHaveValue('Fresh beans');
    });

    it("says 'Failed to post content: {message}' and keeps everything typed", async () => {
      const { user, textArea, postButton, onClose } = renderDialog({
        answers: {
          'POST /api/platforms/twitter/post/c1': {
            status: 429,
            body: {
              statusCode: 429,
              code: 'PROVIDER_RATE_LIMITED',
              message: 'X is limiting posts right now. Try again in 15 minutes.',
              error: 'Too Many Requests',
            },
          },
        },
      });
      await user.type(textArea, 'Fresh beans');
      await user.click(postButton());
      expect(
        await screen.findByText(
          'Failed to post content: X is limiting posts right now. Try again in 15 minutes.',
        ),
      ).toBeInTheDocument();
      expect(textArea).toHaveValue('Fresh beans');
      expect(postButton()).toBeEnabled();
      expect(onClose).not.toHaveBeenCalled();
    });

    it("shows the server's refusal of the text at the text, focused, without a toast", async () => {
      const message = 'Post must not contain control characters';
      const { user, textArea, postButton } = renderDialog({
        answers: {
          'POST /api/platforms/twitter/post/c1': {
            status: 400,
            body: {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message,
              error: 'Bad Request',
              fields: { text: message },
            },
          },
        },
      });
      await user.type(textArea, 'Fresh beans');
      await user.click(postButton());
      await waitFor(() =>
        expect(textArea).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
      expect(textArea).toBeInvalid();
      await waitFor(() => expect(textArea).toHaveFocus());
      expect(screen.queryByText(/^Failed to post content/)).not.toBeInTheDocument();
      // Changing the text takes the refusal away.
      await user.type(textArea, '!');
      expect(textArea).not.toHaveAccessibleDescription(expect.stringContaining(message));
    });

    it('does not post an empty text', async () => {
      const { user, textArea, postButton } = renderDialog();
      expect(postButton()).toBeDisabled();
      await user.type(textArea, '   ');
      expect(postButton()).toBeDisabled();
    });
  });
});
