import { sniffSupportAttachmentType } from '#shared/domain/support';
import { sniffFileWith } from '#web/lib/sniff-file';

/**
 * Whether a chosen file is what its type says, by its first bytes (the server's own reading): a
 * renamed file is refused before a byte of it is uploaded, as the server would refuse it after.
 */
export const isGenuineAttachment = async (file: File): Promise<boolean> =>
  (await sniffFileWith(file, sniffSupportAttachmentType)) === file.type;
