import { AI_MEDIA_IMAGE_MAX_BYTES } from '#shared/domain/ai-campaigns';

/** The longest edge of an image sent to be described: plenty to see what it shows. */
export const ANALYSIS_IMAGE_MAX_EDGE = 1600;
const QUALITIES = [0.85, 0.72, 0.6] as const;
/** Each further try shrinks the edge by this much, should the qualities not be enough. */
const SHRINK = 0.75;
const TRIES = 6;

export class ImageUnreadableError extends Error {
  override readonly name = 'ImageUnreadableError';
  constructor() {
    super('This image could not be read. Try a JPG or PNG file.');
  }
}

/** The decoded bytes of a base64 data URL. */
export const dataUrlBytes = (dataUrl: string): number => {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
};

/** The size to draw an image at so its longest edge is at most `maxEdge` (never enlarged). */
export const fittedSize = (width: number, height: number, maxEdge: number) => {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
};

/**
 * An image as the describer takes it: decoded by the browser (createImageBitmap), drawn on a
 * canvas at most 1600 px on its longest edge over white (JPEG has no transparency), and encoded
 * as a JPEG data URL under AI_MEDIA_IMAGE_MAX_BYTES, lowering the quality, then the size, until
 * it fits. The original file is untouched: it is what the campaign gets.
 */
export const imageForAnalysis = async (file: Blob): Promise<string> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageUnreadableError();
  }
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) throw new ImageUnreadableError();
    let maxEdge = ANALYSIS_IMAGE_MAX_EDGE;
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const { width, height } = fittedSize(bitmap.width, bitmap.height, maxEdge);
      canvas.width = width;
      canvas.height = height;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const dataUrl = canvas.toDataURL('image/jpeg', quality);
        if (dataUrlBytes(dataUrl) <= AI_MEDIA_IMAGE_MAX_BYTES) return dataUrl;
      }
      maxEdge = Math.round(maxEdge * SHRINK);
    }
    throw new ImageUnreadableError();
  } finally {
    bitmap.close();
  }
};
