import { describe, expect, it } from 'vitest';
import { formatBytes } from '#shared/domain/platform-media';
import { acceptedTypes, contentProblem, mediaGuidance, sortNewFiles } from './media-files';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('sortNewFiles', () => {
  it('takes up to four images on X and refuses the fifth with the set rule', () => {
    const images = ['a', 'b', 'c', 'd', 'e'].map((n) => file(`${n}.jpg`, 'image/jpeg'));
    const { accepted, refused } = sortNewFiles('twitter', [], images);
    expect(accepted.map((item) => item.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    expect(refused).toEqual([{ fileName: 'e.jpg', reason: 'A post can have at most 4 images' }]);
  });

  it('keeps a video or a GIF alone on X', () => {
    expect(sortNewFiles('twitter', ['image'], [file('clip.mp4', 'video/mp4')]).refused).toEqual([
      { fileName: 'clip.mp4', reason: "A post with a video can't have other media" },
    ]);
    expect(sortNewFiles('twitter', ['gif'], [file('a.png', 'image/png')]).refused).toEqual([
      { fileName: 'a.png', reason: "A post with a GIF can't have other media" },
    ]);
  });

  it('refuses a type the platform does not take, naming what it takes', () => {
    const { accepted, refused } = sortNewFiles('linkedin', [], [file('clip.mp4', 'video/mp4')]);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      { fileName: 'clip.mp4', reason: 'LinkedIn takes JPEG, PNG or GIF files' },
    ]);
  });

  it('refuses a file over its kind’s size, saying both sizes', () => {
    const { refused } = sortNewFiles('twitter', [], [file('big.png', 'image/png', 7.2 * MB)]);
    expect(refused).toEqual([
      { fileName: 'big.png', reason: 'It is 7.2 MB; images on X (Twitter) can be up to 5 MB' },
    ]);
    expect(sortNewFiles('twitter', [], [file('anim.gif', 'image/gif', 7.2 * MB)]).refused).toEqual(
      [],
    );
  });
});

describe('media texts', () => {
  it('sums up what each platform takes', () => {
    expect(mediaGuidance('twitter')).toBe(
      'Up to 4 images (JPEG, PNG or WebP, 5 MB each), one GIF up to 15 MB, or one video (MP4) up to 100 MB.',
    );
    expect(mediaGuidance('linkedin')).toBe('Up to 9 images (JPEG, PNG or GIF, 8 MB each).');
    expect(mediaGuidance('facebook')).toBe(
      'Up to 10 images (JPEG, PNG or GIF, 4 MB each), or one video (MP4) up to 100 MB.',
    );
    // An Instagram carousel mixes images and videos, and its images have a shape.
    expect(mediaGuidance('instagram')).toBe(
      'Up to 10 images (JPEG, 8 MB each) and videos (MP4, 100 MB each), 10 in all. Images from 4:5 to 1.91:1.',
    );
  });

  it('filters the picker to the platform’s types', () => {
    expect(acceptedTypes('linkedin')).toEqual({
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
      'image/gif': ['.gif'],
    });
  });

  it('formats sizes', () => {
    expect(formatBytes(5 * MB)).toBe('5 MB');
    expect(formatBytes(15 * MB)).toBe('15 MB');
    expect(formatBytes(640 * 1024)).toBe('640 KB');
  });
});

describe('contentProblem', () => {
  it("refuses a file whose bytes are none of the platform's types, whatever its name says", () => {
    expect(contentProblem('twitter', 'image/jpeg', null)).toBe(
      'This file is not a JPEG, PNG, WebP, GIF or MP4 file, whatever its name says',
    );
    // LinkedIn takes no WebP, even one named .png.
    expect(contentProblem('linkedin', 'image/png', 'image/webp')).toBe(
      'This file is not a JPEG, PNG or GIF file, whatever its name says',
    );
  });

  it('takes bytes of a type the platform takes, and leaves a refused type to sortNewFiles', () => {
    expect(contentProblem('twitter', 'image/jpeg', 'image/png')).toBeNull();
    expect(contentProblem('twitter', 'image/webp', 'image/webp')).toBeNull();
    expect(contentProblem('linkedin', 'video/mp4', null)).toBeNull();
  });
});
