import { sniffFile } from '#web/lib/sniff-file';

/** "%PDF-": how every PDF file begins. */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

const startsLikePdf = async (file: Blob): Promise<boolean> => {
  try {
    const start = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
    return PDF_SIGNATURE.every((value, index) => start[index] === value);
  } catch {
    return false;
  }
};

/**
 * Whether a chosen file is what its name says, by its first bytes: an image the app knows, or a
 * PDF. The server reads the stored bytes the same way and would refuse the others after upload.
 */
export const isGenuineAttachment = async (file: File): Promise<boolean> =>
  file.type === 'application/pdf'
    ? startsLikePdf(file)
    : (await sniffFile(file))?.startsWith('image/') === true;
