import { describe, expect, it } from 'vitest';
import { EXE_BYTES, mediaBytes } from '#web/test/media-bytes';
import { sniffFile } from './sniff-file';

describe('sniffFile', () => {
  it('reads what a file is from its first bytes, not its name or declared type', async () => {
    const png = new File([mediaBytes('image/png')], 'beans.jpg', { type: 'image/jpeg' });
    expect(await sniffFile(png)).toBe('image/png');
    const exe = new File([EXE_BYTES], 'holiday-photo.jpg', { type: 'image/jpeg' });
    expect(await sniffFile(exe)).toBeNull();
    expect(await sniffFile(new File([], 'empty.png', { type: 'image/png' }))).toBeNull();
  });
});
