/**
 * An image file's size in pixels as the browser decodes it, or null when it cannot (not an image
 * it knows, or no decoder here): a check that needs the size then lets the file pass, and the
 * server's own check stands.
 */
export const imageSize = async (file: Blob): Promise<{ width: number; height: number } | null> => {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
};
