import { describe, expect, it } from 'vitest';
import { decodeFileName, encodeFileName } from './file-name-metadata';

describe('encodeFileName', () => {
  it('keeps a name as ASCII S3 metadata that decodes back to it', () => {
    for (const name of [
      'latte.png',
      'Café menu (final).JPG',
      '春のメニュー.png',
      '🎉 launch.mp4',
    ]) {
      const encoded = encodeFileName(name);
      expect(encoded).toMatch(/^[\x21-\x7e]*$/);
      expect(decodeURIComponent(encoded)).toBe(name);
    }
  });

  it('cuts a long name to fit, never inside a character', () => {
    const name = `${'ü'.repeat(300)}.png`;
    const encoded = encodeFileName(name);
    expect(encoded.length).toBeLessThanOrEqual(1024);
    expect(name.startsWith(decodeURIComponent(encoded))).toBe(true);
    const emoji = '🎉'.repeat(255);
    expect(emoji.startsWith(decodeURIComponent(encodeFileName(emoji)))).toBe(true);
  });
});

describe('decodeFileName', () => {
  it('answers the fallback for a missing or broken name', () => {
    expect(decodeFileName(encodeFileName('Café.png'), 'x.png')).toBe('Café.png');
    expect(decodeFileName(undefined, 'x.png')).toBe('x.png');
    expect(decodeFileName('%E0%A4%A', 'x.png')).toBe('x.png');
  });
});
