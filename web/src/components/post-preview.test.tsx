import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMediaAsset } from '#web/test/fixtures';
import { linkedInFold, PostPreview, xDisplayUrl, type PreviewAccount } from './post-preview';

const account: PreviewAccount = { name: 'Harbor Coffee', handle: '@harborcoffee', avatarUrl: null };

describe('linkedInFold', () => {
  it('folds after three lines or about 210 characters, and leaves a short post whole', () => {
    expect(linkedInFold('Short post')).toBeNull();
    expect(linkedInFold('one\ntwo\nthree\nfour')).toBe('one\ntwo\nthree');
    const folded = linkedInFold('word '.repeat(60))!;
    expect(folded.length).toBeLessThanOrEqual(210);
    expect(folded.endsWith('word')).toBe(true);
  });
});

describe('xDisplayUrl', () => {
  it('shows a link as X does: no scheme or www., cut after 23 characters', () => {
    expect(xDisplayUrl('https://harbor.coffee')).toBe('harbor.coffee');
    expect(xDisplayUrl('https://www.harbor.coffee/autumn-blend-tasting')).toBe(
      'harbor.coffee/autumn-bl…',
    );
  });
});

describe('PostPreview', () => {
  it('X: a link is shown shortened, the whole address kept as its title', () => {
    render(
      <PostPreview
        platform="twitter"
        text="Taste it: https://harbor.coffee/autumn-blend-tasting"
        images={[]}
        account={account}
      />,
    );
    const link = screen.getByText('harbor.coffee/autumn-bl…');
    expect(link).toHaveAttribute('title', 'https://harbor.coffee/autumn-blend-tasting');
  });

  it('Instagram: the square image first, then the caption, hashtags counted of 30', async () => {
    const user = userEvent.setup();
    const images = [1, 2, 3].map((n) =>
      makeMediaAsset({
        _id: `m${n}`,
        description: `Photo ${n}`,
        thumbnailUrl: `https://media.example/thumb-${n}.jpg`,
      }),
    );
    const { container } = render(
      <PostPreview
        platform="instagram"
        text="Autumn is here #coffee #autumn"
        images={images}
        account={account}
      />,
    );
    const carousel = container.querySelector('[data-layout="instagram"]') as HTMLElement;
    expect(within(carousel).getByRole('img')).toHaveAttribute(
      'src',
      'https://media.example/thumb-1.jpg',
    );
    expect(carousel).toHaveTextContent('Image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(within(carousel).getByRole('img')).toHaveAttribute('alt', 'Photo 2');
    // The image comes before the caption.
    const caption = screen.getByText('#coffee').closest('p')!;
    expect(
      carousel.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByTestId('post-count')).toHaveTextContent('30 / 2,200 · 2 / 30 hashtags');
    // Its username as Instagram writes it, without the '@', above the image and before the caption.
    expect(screen.getAllByText('harborcoffee')).toHaveLength(2);
    expect(screen.queryByText('@harborcoffee')).not.toBeInTheDocument();
  });

  it('X: one image across the post at 16:9', () => {
    const { container } = render(
      <PostPreview platform="twitter" text="Hello" images={[makeMediaAsset()]} account={account} />,
    );
    const layout = container.querySelector('[data-layout="x"]') as HTMLElement;
    expect(within(layout).getAllByRole('img')).toHaveLength(1);
    expect(layout.firstElementChild).toHaveClass('aspect-video');
    expect(screen.queryByText(/This post has a link/)).not.toBeInTheDocument();
  });
});
