import { SNIFF_BYTES, sniffFileType, type SniffedMediaType } from '#shared/domain/media-sniffing';

/** The file's first bytes (FileReader: every browser, and the tests' DOM, has it). */
const readStart = (file: Blob): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(new Uint8Array(reader.result as ArrayBuffer)));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('Unreadable file')));
    reader.readAsArrayBuffer(file.slice(0, SNIFF_BYTES));
  });

/** What a chosen file is by its first bytes, read with `sniff` (null when it cannot be read). */
export const sniffFileWith = async <T>(
  file: Blob,
  sniff: (bytes: Uint8Array) => T | null,
): Promise<T | null> => {
  try {
    return sniff(await readStart(file));
  } catch {
    return null;
  }
};

/**
 * What a chosen file is by its first bytes (the server's own table), not by its name: a program
 * renamed photo.jpg is refused at the file, before a byte of it is uploaded. Null when the bytes
 * are no media the table knows, or the file cannot be read (it is then no upload either).
 */
export const sniffFile = (file: Blob): Promise<SniffedMediaType | null> =>
  sniffFileWith(file, sniffFileType);
