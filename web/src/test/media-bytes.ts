/**
 * The first bytes of a file of each type, as a real one opens: the browser reads them before an
 * upload (sniffFile), so a test's file must be what its type says. Any other type gets bytes
 * that are no media.
 */
const OPENINGS: Record<string, (string | number[])[]> = {
  'image/jpeg': [[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/gif': ['GIF89a', [1, 0, 1, 0]],
  'image/webp': ['RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '],
  'video/mp4': [[0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0], 'isommp42'],
  'video/quicktime': [[0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0], 'qt  '],
  'video/mpeg': [[0, 0, 1, 0xba, 0x44, 0, 4, 0]],
};

const toBytes = (parts: readonly (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((character) => character.charCodeAt(0)) : part,
    ),
  );

/** A Windows program's first bytes: what a renamed .exe opens with. */
export const EXE_BYTES = toBytes(['MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]]);

/** The opening bytes of a file of `type`. */
export const mediaBytes = (type: string): Uint8Array<ArrayBuffer> =>
  toBytes(OPENINGS[type] ?? ['%PDF-1.7\n']);
