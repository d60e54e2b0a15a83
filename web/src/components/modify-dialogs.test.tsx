import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeCampaign, makeContent, makeMediaAsset, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { X_LINK_COST_NOTE } from '#shared/domain/post-text';
import { ModifyDialogs, type ModifyStep } from './modify-dialogs';

const REVIEW = 'POST /api/campaigns/k1/content/p1/approve';

const refusal = (status: number, code: string, message: string, fields?: object) => ({
  status,
  body: { statusCode: status, code, message, error: 'Error', ...(fields ? { fields } : {}) },
});

/** An X post of 281 weighted characters: one over X's 280. */
const TOO_LONG = `${'Fresh roast every morning at the harbour. '.repeat(6)}${'x'.repeat(29)}`;

const renderDialog = (step: ModifyStep, answer: MockAnswer) => {
  seedSession();
  const fetchMock = mockFetch({ [REVIEW]: answer });
  const onSent = vi.fn();
  const campaign = makeCampaign({
    contentSeeds: {
      ...makeCampaign().contentSeeds,
      mediaAssets: [makeMediaAsset({ _id: 'm1', description: 'Latte art' })],
    },
  });
  renderScreen(
    '/campaign',
    <ModifyDialogs
      step={step}
      onStep={() => undefined}
      campaign={campaign}
      post={makeContent()}
      account={{ name: 'Harbor Coffee', handle: '@harborcoffee', avatarUrl: null }}
      onClose={() => undefined}
      onSent={onSent}
    />,
    { at: '/campaign' },
  );
  return { fetchMock, onSent, user: userEvent.setup() };
};

describe('Direct Edit', () => {
  it("over X's limit: Save is disabled and the count beside the text says by how much", async () => {
    const { fetchMock, user } = renderDialog('edit', { body: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    const text = within(dialog).getByLabelText('Post text');
    const count = within(dialog).getByTestId('post-text-count');
    expect(count).toHaveTextContent(/^\d+ \/ 280/);
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled();

    await user.clear(text);
    await user.click(text);
    await user.paste(TOO_LONG);
    expect(count).toHaveTextContent('281 / 280 · 1 over');
    expect(count).toHaveClass('text-red-700');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('281 of 280 characters, 1 over the limit');
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.type(text, '{Backspace}');
    expect(count).toHaveTextContent('280 / 280');
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(bodiesSentTo(fetchMock, REVIEW)).toEqual([]);
  });

  it("shows the server's refusal of the text at the text, focused, without a toast", async () => {
    const message = 'The post is 281 characters; this platform takes at most 280';
    const { user, onSent } = renderDialog(
      'edit',
      refusal(400, 'POST_TOO_LONG', message, { directEdit: message }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    const text = within(dialog).getByLabelText('Post text');
    await user.type(text, ' See you Saturday.');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(text).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(text).toHaveFocus());
    expect(screen.queryByText(/^Failed to modify content/)).not.toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('shows a refused image at the images, without a toast', async () => {
    const message = 'This image is no longer part of the campaign for this platform';
    const { user } = renderDialog(
      'edit',
      refusal(400, 'CONTENT_IMAGES_NOT_ALLOWED', message, { imageIds: message }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    await user.click(within(dialog).getByRole('button', { name: 'Latte art' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const images = within(dialog).getByRole('group', { name: 'Images' });
    await waitFor(() => expect(images).toHaveAccessibleDescription(message));
    expect(screen.queryByText(/^Failed to modify content/)).not.toBeInTheDocument();
  });

  it('says in a toast what a refusal naming no field says', async () => {
    const { user } = renderDialog(
      'edit',
      refusal(409, 'CONTENT_NOT_REVIEWABLE', 'This post was already reviewed'),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Failed to modify content: This post was already reviewed'),
    ).toBeInTheDocument();
  });

  it('notes a link once, in the preview beside the text', async () => {
    const { user } = renderDialog('edit', { body: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    const text = within(dialog).getByLabelText('Post text');
    await user.clear(text);
    await user.type(text, 'Taste it Saturday https://harbor.coffee/tasting');
    expect(within(dialog).getAllByText(X_LINK_COST_NOTE)).toHaveLength(1);
    expect(
      within(within(dialog).getByRole('region', { name: 'Preview' })).getByText(X_LINK_COST_NOTE),
    ).toBeInTheDocument();
  });
});

describe('Request changes from the AI', () => {
  it("shows the server's refusal of the feedback at the feedback, focused, without a toast", async () => {
    const message = 'Feedback must not contain control characters';
    const { user } = renderDialog(
      'ai',
      refusal(400, 'VALIDATION_FAILED', message, { feedback: message }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request changes from the AI' });
    const feedback = within(dialog).getByLabelText('What should change?');
    await user.type(feedback, 'Warmer, please');
    await user.click(within(dialog).getByRole('button', { name: 'Send to AI' }));
    await waitFor(() => expect(feedback).toHaveAccessibleDescription(message));
    await waitFor(() => expect(feedback).toHaveFocus());
    expect(screen.queryByText(/^Failed to modify content/)).not.toBeInTheDocument();
  });
});
