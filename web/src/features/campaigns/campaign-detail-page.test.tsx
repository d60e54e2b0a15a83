import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import { installFakeXhr, type FakeXhr } from '#web/test/fake-xhr';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import {
  companiesPage,
  makeCampaign,
  makeCompany,
  makeContentList,
  makeMediaAsset,
  seedSession,
} from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { CampaignDetailPage } from './campaign-detail-page';
import { EXE_BYTES, mediaBytes } from '#web/test/media-bytes';

const MB = 1024 * 1024;

const withMedia = (assets: MediaAsset[], overrides: Partial<Campaign> = {}) =>
  makeCampaign({
    ...overrides,
    contentSeeds: { ...makeCampaign().contentSeeds, mediaAssets: assets },
  });

const fileOf = (name: string, type: string, size = 2000) => {
  const file = new File(size ? [mediaBytes(type)] : [], name, { type });
  if (size) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The campaign as the server holds it: the media calls below change it, GET reads it. */
const server: { campaign: Campaign | null } = { campaign: null };

const setAssets = (change: (assets: MediaAsset[]) => MediaAsset[]) => {
  const campaign = server.campaign!;
  server.campaign = {
    ...campaign,
    contentSeeds: {
      ...campaign.contentSeeds,
      mediaAssets: change(campaign.contentSeeds.mediaAssets),
    },
  };
};

const renderDetail = (campaign: Campaign | null, answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  server.campaign = campaign;
  const requests = installFakeXhr();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([makeCompany()]),
    'GET /api/companies/c1': { body: makeCompany() },
    'GET /api/campaigns/k1': campaign
      ? () => Promise.resolve(jsonResponse(server.campaign))
      : {
          status: 404,
          body: {
            statusCode: 404,
            code: 'CAMPAIGN_NOT_FOUND',
            message: 'Campaign not found',
            error: 'Not Found',
          },
        },
    // The Content section below the media (its own tests are in content/).
    'GET /api/campaigns/k1/content': { body: makeContentList([]) },
    'GET /api/companies/c1/platform-credentials': { body: [] },
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId/campaigns/:campaignId', <CampaignDetailPage />, {
    at: '/dashboard/company/c1/campaigns/k1',
    routes: [
      { path: '/dashboard/company/:companyId/campaigns', element: <PathProbe name="list" /> },
    ],
  });
  // Refused types are part of what is tested: the picker's filter is not applied here.
  return { fetchMock, requests, user: userEvent.setup({ applyAccept: false }) };
};

/** The n-th XHR upload, once the presigned POST for it has come back. */
const nthUpload = async (requests: FakeXhr[], index: number) => {
  await waitFor(() => expect(requests[index]?.url).toBe('https://media.example/sailpost-media'));
  return requests[index]!;
};

let presigned = 0;
const presignedPost = (): MockAnswer => () => {
  presigned += 1;
  const key = `companies/c1/campaigns/k1/upload-${presigned}`;
  return Promise.resolve(
    jsonResponse(
      {
        key,
        url: 'https://media.example/sailpost-media',
        fields: { key, Policy: 'policy' },
        maxBytes: 10 * MB,
        expiresAt: '2026-11-10T12:15:00.000Z',
      },
      201,
    ),
  );
};

/** The confirm call answers the asset it made from the body it was sent. */
const confirmAnswer = (): MockAnswer => () => {
  const init = (fetch as unknown as { mock: { calls: [unknown, RequestInit][] } }).mock.calls.at(
    -1,
  )![1];
  const body = JSON.parse(String(init.body)) as {
    key: string;
    description: string;
    usage: MediaAsset['usage'];
    platforms: MediaAsset['platforms'];
  };
  const id = body.key.split('/').at(-1)!;
  const asset = makeMediaAsset({
    _id: id,
    fileName: `${id}.png`,
    contentType: 'image/png',
    description: body.description,
    usage: body.usage,
    platforms: body.platforms,
  });
  setAssets((assets) => [...assets, asset]);
  return Promise.resolve(jsonResponse(asset, 201));
};

describe('CampaignDetailPage', () => {
  it('shows the trail, Edit and Delete, dates, status, platform chips and the schedule', async () => {
    renderDetail(makeCampaign({ platforms: ['twitter', 'linkedin'] }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Autumn blend launch' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(breadcrumb)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Harbor Coffee', 'Campaigns', 'Autumn blend launch']);
    expect(within(breadcrumb).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns/k1/edit',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('DatesNov 10, 2026 – Dec 10, 2026');
    expect(within(details).getByText('Active')).toHaveClass('bg-emerald-50');
    expect(details).toHaveTextContent('IntentionProduct Launch');
    expect(
      within(within(details).getByRole('list', { name: 'Platforms' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['X (Twitter)', 'LinkedIn']);
    expect(details).toHaveTextContent('ScheduleMon, Wed, Fri at 9:00 and 17:30, New York time');
  });

  it('says a Best times campaign posts at the best windows, not its days and times', async () => {
    renderDetail(
      makeCampaign({
        schedule: {
          timeZone: 'America/New_York',
          days: ['mon', 'wed', 'fri'],
          times: ['09:00'],
          mode: 'bestTimes',
        },
      }),
    );
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent(
      'ScheduleAt the best free time window for each platform, New York time',
    );

    const seeds = screen.getByRole('region', { name: 'Content Seeds' });
    expect(seeds).toHaveTextContent('Brand VoiceCosy and unhurried.');
    expect(
      within(seeds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Roasted in Portland', 'Notes of fig and cocoa']);
  });

  it("says 'None' without platforms", async () => {
    renderDetail(makeCampaign({ platforms: [], status: 'paused' }));
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('PlatformsNone');
    expect(within(details).getByText('Paused')).toHaveClass('bg-slate-100');
  });

  it("says 'Failed to load campaign details. Please try again.' with 'Back to Campaigns'", async () => {
    renderDetail(null);
    expect(
      await screen.findByText('Failed to load campaign details. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Campaigns' })).toHaveAttribute(
      'href',
      '/dashboard/company/c1/campaigns',
    );
    expect(screen.getByText('Failed to load campaign details')).toBeInTheDocument();
  });

  it("deletes the campaign after 'Delete Campaign' and goes back to the list", async () => {
    const { user, fetchMock } = renderDetail(makeCampaign(), {
      'DELETE /api/campaigns/k1': { body: { message: 'Campaign deleted' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Campaign' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this campaign? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Screen: list')).toBeInTheDocument();
    expect(await screen.findByText('Campaign deleted successfully')).toBeInTheDocument();
    expect(callKeys(fetchMock)).toContain('DELETE /api/campaigns/k1');
  });

  describe('media', () => {
    it('shows each file with its usage and description, revealed on hover and on focus', async () => {
      renderDetail(
        withMedia([
          makeMediaAsset(),
          makeMediaAsset({
            _id: 'm2',
            type: 'video',
            fileName: 'pour.mp4',
            contentType: 'video/mp4',
            url: 'https://media.example/m2.mp4',
            description: '',
            usage: 'reference',
            platforms: [],
          }),
        ]),
      );
      const grid = await screen.findByRole('list', { name: 'Media files' });
      const [image, video] = within(grid).getAllByRole('listitem');
      const caption = image!.querySelector('figcaption')!;
      expect(caption).toHaveTextContent('latte.jpg: PrimaryX (Twitter)Latte art on the bar');
      expect(caption).toHaveClass(
        'opacity-0',
        'group-hover:opacity-100',
        'group-focus-within:opacity-100',
      );
      expect(image).toHaveClass('group');
      expect(within(image!).getByRole('button', { name: 'Edit latte.jpg' })).toBeInTheDocument();
      expect(image!.querySelector('img')).toHaveAttribute('src', makeMediaAsset().url);
      expect(video).toHaveTextContent('Videopour.mp4: ReferenceNo descriptionpour.mp4');
      expect(video!.querySelector('video')).toHaveAttribute('src', 'https://media.example/m2.mp4');
      expect(screen.getByText(/^2 of 5 files\./)).toBeInTheDocument();
    });

    it('says there is no media yet', async () => {
      renderDetail(makeCampaign());
      expect(
        await screen.findByText("No media yet. Add images or videos for this campaign's posts."),
      ).toBeInTheDocument();
    });

    it('refuses in Add Media what the campaign cannot take, saying why', async () => {
      const { user } = renderDetail(
        withMedia([makeMediaAsset({ _id: 'a' }), makeMediaAsset({ _id: 'b' })]),
      );
      await user.click(await screen.findByRole('button', { name: 'Add Media' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Media' });
      expect(dialog).toHaveTextContent('3 more files can be added to this campaign.');
      await user.upload(within(dialog).getByLabelText('Choose media files'), [
        fileOf('menu.pdf', 'application/pdf'),
        fileOf('huge.jpg', 'image/jpeg', 11 * MB),
        fileOf('empty.gif', 'image/gif', 0),
        fileOf('one.png', 'image/png'),
        fileOf('two.mov', 'video/quicktime', 8 * MB),
        fileOf('three.jpg', 'image/jpeg'),
        fileOf('four.png', 'image/png'),
      ]);
      const refusals = await within(dialog).findByRole('alert');
      expect(refusals).toHaveTextContent('These files were not added:');
      expect(refusals).toHaveTextContent(
        'menu.pdf: Choose a JPG, PNG or GIF image, or an MP4, MPEG or MOV video',
      );
      expect(refusals).toHaveTextContent('huge.jpg: Each file must be 10 MB or smaller');
      expect(refusals).toHaveTextContent('empty.gif: The file is empty');
      expect(refusals).toHaveTextContent('four.png: Maximum 5 files allowed');
      const chosen = within(dialog).getByRole('list', { name: 'Chosen files' });
      expect(
        within(chosen)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')!.textContent),
      ).toEqual(['one.png', 'two.mov', 'three.jpg']);
      // The campaign is full with these: no more can be chosen.
      expect(dialog).toHaveTextContent('Maximum 5 files allowed');
      expect(within(dialog).getByRole('button', { name: 'Select Files' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Upload 3 files' })).toBeEnabled();
    });

    it('refuses a program renamed as an image at the file, by its first bytes, before uploading', async () => {
      const { user, fetchMock } = renderDetail(makeCampaign(), {
        'POST /api/campaigns/k1/media/uploads': presignedPost(),
      });
      await user.click(await screen.findByRole('button', { name: 'Add Media' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Media' });
      await user.upload(within(dialog).getByLabelText('Choose media files'), [
        new File([EXE_BYTES], 'holiday-photo.jpg', { type: 'image/jpeg' }),
        fileOf('beans.png', 'image/png'),
      ]);
      const refusals = await within(dialog).findByRole('alert');
      expect(refusals).toHaveTextContent(
        'holiday-photo.jpg: This file is not a JPG, PNG or GIF image, or an MP4, MPEG or MOV video, whatever its name says',
      );
      const chosen = within(dialog).getByRole('list', { name: 'Chosen files' });
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
      expect(within(chosen).getByText('beans.png')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/media/uploads')).toEqual([]);
    });

    it('does not offer Try again for a file the server refused', async () => {
      presigned = 0;
      const refusal =
        'This file is not a JPG, PNG or GIF image, or an MP4, MPEG or MOV video, whatever its name says';
      const { user, fetchMock, requests } = renderDetail(makeCampaign(), {
        'POST /api/campaigns/k1/media/uploads': presignedPost(),
        'POST /api/campaigns/k1/media': {
          status: 400,
          body: { statusCode: 400, code: 'MEDIA_INVALID', message: refusal, error: 'Bad Request' },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Add Media' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Media' });
      await user.upload(within(dialog).getByLabelText('Choose media files'), [
        fileOf('beans.png', 'image/png'),
      ]);
      await user.click(await within(dialog).findByRole('button', { name: 'Upload' }));
      act(() => void nthUpload(requests, 0).then((upload) => upload.respond(204)));
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Remove beans.png' })).toBeEnabled();
      expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/media')).toHaveLength(1);
    });

    it('uploads each file with its progress (presigned POST, then confirm) and adds it', async () => {
      presigned = 0;
      const { user, fetchMock, requests } = renderDetail(
        withMedia([], { platforms: ['twitter'] }),
        {
          'POST /api/campaigns/k1/media/uploads': presignedPost(),
          'POST /api/campaigns/k1/media': confirmAnswer(),
        },
      );
      await user.click(await screen.findByRole('button', { name: 'Add Media' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Media' });
      await user.upload(within(dialog).getByLabelText('Choose media files'), [
        fileOf('beans.png', 'image/png'),
      ]);
      await user.type(within(dialog).getByLabelText(/^Description of beans\.png/), 'Fresh beans');
      await user.selectOptions(within(dialog).getByLabelText('Usage'), 'secondary');
      expect(within(dialog).getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

      const upload = await nthUpload(requests, 0);
      expect(upload.formEntries()).toEqual([
        ['key', 'companies/c1/campaigns/k1/upload-1'],
        ['Policy', 'policy'],
        ['file', 'file:beans.png'],
      ]);
      expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/media/uploads')).toEqual([
        { fileName: 'beans.png', contentType: 'image/png', size: 2000 },
      ]);
      act(() => upload.progress(42, 100));
      const progress = within(dialog).getByRole('progressbar', { name: 'Uploading beans.png' });
      expect(progress).toHaveAttribute('aria-valuenow', '42');
      expect(progress).toHaveAttribute('aria-valuetext', '42% uploaded');
      expect(within(dialog).getByRole('button', { name: 'Uploading...' })).toBeDisabled();

      act(() => upload.respond(204));
      expect(await screen.findByText('Media uploaded successfully')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/campaigns/k1/media')).toEqual([
        {
          key: 'companies/c1/campaigns/k1/upload-1',
          description: 'Fresh beans',
          usage: 'secondary',
          platforms: ['twitter'],
        },
      ]);
      const grid = await screen.findByRole('list', { name: 'Media files' });
      expect(within(grid).getByText('Fresh beans')).toBeInTheDocument();
    });

    it("says 'Failed to upload file' for a file that did not go up, and sends it again", async () => {
      presigned = 0;
      const { user, requests } = renderDetail(makeCampaign(), {
        'POST /api/campaigns/k1/media/uploads': presignedPost(),
        'POST /api/campaigns/k1/media': confirmAnswer(),
      });
      await user.click(await screen.findByRole('button', { name: 'Add Media' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Media' });
      await user.upload(within(dialog).getByLabelText('Choose media files'), [
        fileOf('beans.png', 'image/png'),
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
      act(() => void nthUpload(requests, 0).then((upload) => upload.failNetwork()));
      expect(await screen.findByText('Failed to upload file')).toBeInTheDocument();
      expect(
        within(dialog).getByText("The upload didn't finish. Check your connection and try again."),
      ).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
      act(() => void nthUpload(requests, 1).then((upload) => upload.respond(204)));
      expect(await screen.findByText('Media uploaded successfully')).toBeInTheDocument();
    });

    it('says the limit when the campaign has 5 files: Add Media waits', async () => {
      renderDetail(withMedia(['a', 'b', 'c', 'd', 'e'].map((id) => makeMediaAsset({ _id: id }))));
      const add = await screen.findByRole('button', { name: 'Add Media' });
      expect(add).toBeDisabled();
      expect(add).toHaveAccessibleDescription(
        'This campaign has the most media files it can have. Delete one to add another.',
      );
    });

    it("edits a file's usage and description", async () => {
      const { user, fetchMock } = renderDetail(withMedia([makeMediaAsset()]), {
        'PUT /api/campaigns/k1/media/m1': () => {
          const saved = makeMediaAsset({
            usage: 'reference',
            description: 'The bar at opening time',
          });
          setAssets(() => [saved]);
          return Promise.resolve(jsonResponse(saved));
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit latte.jpg' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Media' });
      expect(within(dialog).getByLabelText('Usage')).toHaveValue('primary');
      await user.selectOptions(within(dialog).getByLabelText('Usage'), 'reference');
      const description = within(dialog).getByLabelText('Description');
      await user.clear(description);
      await user.type(description, 'The bar at opening time');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Media updated successfully')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'PUT /api/campaigns/k1/media/m1')).toEqual([
        { description: 'The bar at opening time', usage: 'reference', platforms: ['twitter'] },
      ]);
      const grid = screen.getByRole('list', { name: 'Media files' });
      expect(within(grid).getByText('Reference')).toBeInTheDocument();
      expect(within(grid).getByText('The bar at opening time')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit latte.jpg' })).toHaveFocus();
    });

    it("says 'Failed to update media: {message}' and keeps the dialog", async () => {
      const { user } = renderDetail(withMedia([makeMediaAsset()]), {
        'PUT /api/campaigns/k1/media/m1': {
          status: 404,
          body: {
            statusCode: 404,
            code: 'MEDIA_NOT_FOUND',
            message: 'Media not found',
            error: 'x',
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit latte.jpg' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(
        await screen.findByText('Failed to update media: Media not found'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Edit Media' })).toBeInTheDocument();
    });

    it("shows the server's refusal of a description at the description, focused, without a toast", async () => {
      const message = 'Description must not contain control characters';
      const { user } = renderDetail(withMedia([makeMediaAsset()]), {
        'PUT /api/campaigns/k1/media/m1': {
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message,
            error: 'Bad Request',
            fields: { description: message },
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit latte.jpg' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Media' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const description = within(dialog).getByLabelText('Description');
      await waitFor(() =>
        expect(description).toHaveAccessibleDescription(expect.stringContaining(message)),
      );
      await waitFor(() => expect(description).toHaveFocus());
      expect(screen.queryByText(/^Failed to update media/)).not.toBeInTheDocument();
    });

    it('deletes a file after asking', async () => {
      const { user, fetchMock } = renderDetail(
        withMedia([makeMediaAsset(), makeMediaAsset({ _id: 'm2', fileName: 'beans.png' })]),
        {
          'DELETE /api/campaigns/k1/media/m1': () => {
            setAssets((assets) => assets.filter((asset) => asset._id !== 'm1'));
            return Promise.resolve(jsonResponse({ message: 'Media deleted' }));
          },
        },
      );
      await user.click(await screen.findByRole('button', { name: 'Delete latte.jpg' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete media?' });
      expect(dialog).toHaveAccessibleDescription(
        'The file latte.jpg is removed from the campaign and its posts. This action cannot be undone.',
      );
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Media deleted successfully')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'DELETE /api/campaigns/k1/media/m1')).toHaveLength(1);
      const grid = screen.getByRole('list', { name: 'Media files' });
      expect(within(grid).getAllByRole('listitem')).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Add Media' })).toHaveFocus();
    });

    it("says 'Failed to delete media: {message}'", async () => {
      const { user } = renderDetail(withMedia([makeMediaAsset()]), {
        'DELETE /api/campaigns/k1/media/m1': {
          status: 404,
          body: {
            statusCode: 404,
            code: 'MEDIA_NOT_FOUND',
            message: 'Media not found',
            error: 'x',
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delete latte.jpg' }));
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
      );
      expect(
        await screen.findByText('Failed to delete media: Media not found'),
      ).toBeInTheDocument();
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    });
  });
});
