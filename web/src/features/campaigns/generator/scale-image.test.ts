import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_MEDIA_IMAGE_MAX_BYTES } from '#shared/domain/ai-campaigns';
import { dataUrlBytes, fittedSize, imageForAnalysis, ImageUnreadableError } from './scale-image';

const dataUrlOf = (bytes: number) =>
  `data:image/jpeg;base64,${'A'.repeat(Math.ceil((bytes * 4) / 3 / 4) * 4)}`;

afterEach(() => vi.restoreAllMocks());

describe('scaling an image for its description', () => {
  it('fits the longest edge to 1600 px and never enlarges', () => {
    expect(fittedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(1000, 5000, 1600)).toEqual({ width: 320, height: 1600 });
    expect(fittedSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('counts the decoded bytes of a data URL', () => {
    expect(dataUrlBytes('data:image/jpeg;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/jpeg;base64,QUI=')).toBe(2);
  });

  it('lowers the quality, then the size, until the JPEG is under the limit', async () => {
    const bitmap = { width: 4000, height: 3000, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap)),
    );
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    const tooBig = dataUrlOf(AI_MEDIA_IMAGE_MAX_BYTES + 10);
    const fits = dataUrlOf(AI_MEDIA_IMAGE_MAX_BYTES - 10);
    const toDataUrl = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockReturnValueOnce(tooBig)
      .mockReturnValueOnce(tooBig)
      .mockReturnValueOnce(tooBig)
      .mockReturnValue(fits);

    expect(await imageForAnalysis(new Blob(['x']))).toBe(fits);
    expect(toDataUrl.mock.calls.map((call) => call.slice(0, 2))).toEqual([
      ['image/jpeg', 0.85],
      ['image/jpeg', 0.72],
      ['image/jpeg', 0.6],
      ['image/jpeg', 0.85],
    ]);
    expect(context.drawImage.mock.calls.map((call) => call.slice(3))).toEqual([
      [1600, 1200],
      [1200, 900],
    ]);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('says an image the browser cannot decode could not be read', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new Error('bad'))),
    );
    await expect(imageForAnalysis(new Blob(['x']))).rejects.toBeInstanceOf(ImageUnreadableError);
  });
});
