import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MediaAsset } from '#shared/contract/media';
import type { PlatformId } from '#shared/domain/tiers';
import { makeMediaAsset } from '#web/test/fixtures';
import { ImagePicker, toggleImage } from './image-picker';

const assets = (count: number, platforms: PlatformId[]): MediaAsset[] =>
  Array.from({ length: count }, (_, index) =>
    makeMediaAsset({ _id: `m${index + 1}`, description: `Photo ${index + 1}`, platforms }),
  );

function Picker({
  platform,
  offered,
  initial = [],
}: {
  platform: PlatformId;
  offered: MediaAsset[];
  initial?: string[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <ImagePicker platform={platform} assets={offered} value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('toggleImage', () => {
  it('adds up to the limit, drops a selected image, and swaps on single-image platforms', () => {
    expect(toggleImage(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(toggleImage(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleImage(['a', 'b'], 'a', 2)).toEqual(['b']);
    expect(toggleImage(['a'], 'b', 1)).toEqual(['b']);
    expect(toggleImage(['a'], 'a', 1)).toEqual([]);
  });
});

describe('ImagePicker', () => {
  it('offers only the images for the platform, and swaps the one image on X', async () => {
    const user = userEvent.setup();
    render(
      <Picker
        platform="twitter"
        offered={[
          ...assets(2, ['twitter']),
          makeMediaAsset({ _id: 'li', description: 'LinkedIn only', platforms: ['linkedin'] }),
          makeMediaAsset({
            _id: 'vid',
            type: 'video',
            description: 'A video',
            platforms: ['twitter'],
          }),
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'LinkedIn only' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'A video' })).not.toBeInTheDocument();
    expect(screen.getByText(/One image per post on this platform/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Photo 1' }));
    expect(value()).toBe('m1');
    await user.click(screen.getByRole('button', { name: 'Photo 2' }));
    expect(value()).toBe('m2');
    expect(screen.getByRole('button', { name: 'Photo 1' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('numbers the images in order, stops at the limit, and removes one with its button', async () => {
    const user = userEvent.setup();
    // Instagram takes 10: eleven images, ten chosen, the eleventh waits.
    render(<Picker platform="instagram" offered={assets(11, ['instagram'])} />);
    for (let n = 1; n <= 10; n += 1) {
      await user.click(screen.getByRole('button', { name: `Photo ${n}` }));
    }
    expect(value()).toBe('m1,m2,m3,m4,m5,m6,m7,m8,m9,m10');
    expect(screen.getByRole('button', { name: 'Photo 11' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Photo 3 (image 3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('Up to 10 images per post. 10 selected.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    expect(value()).toBe('m2,m3,m4,m5,m6,m7,m8,m9,m10');
    const second = screen.getByRole('button', { name: 'Photo 2 (image 1)' });
    expect(within(second).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Photo 11' })).toBeEnabled();
  });

  it('says so when no image is for the platform', () => {
    render(<Picker platform="linkedin" offered={assets(2, ['twitter'])} />);
    expect(
      screen.getByText(
        'No images available for this platform. Upload images in the Media Assets section.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
