/**
 * Where a company's campaign media lives in the media bucket. Every object of a campaign is under
 * its prefix, so removing a campaign's files is one prefix deletion, and a company's under the
 * company's prefix. (Media of a post published now is elsewhere: `post-media/`.)
 *
 *   companies/{companyId}/campaigns/{campaignId}/{mediaId}.{ext}           a media asset's file
 *   companies/{companyId}/campaigns/{campaignId}/thumbnails/{mediaId}.jpg  an image asset's thumbnail
 *   companies/{companyId}/campaigns/{campaignId}/renditions/{mediaId}.jpg  a PNG's or GIF's JPEG
 *   uploads/companies/{companyId}/campaigns/{campaignId}/{mediaId}.{ext}   an upload not yet confirmed
 *
 * The browser uploads under `uploads/`; confirming checks the object and copies it to the asset's
 * key. The bucket's lifecycle rule expires everything under `uploads/` after a day (the data
 * stack), so an upload never confirmed goes by itself — and nothing else can expire by accident.
 */
export const companyMediaPrefix = (companyId: string): string => `companies/${companyId}/`;

export const campaignMediaPrefix = (companyId: string, campaignId: string): string =>
  `${companyMediaPrefix(companyId)}campaigns/${campaignId}/`;

/**
 * Where an image asset's thumbnail goes (the media-thumbnail job): one key per asset, always the
 * same, so a second run overwrites instead of adding, and under the campaign's prefix, so the
 * campaign's and the company's clean-ups take it with the rest.
 */
export const mediaThumbnailKey = (companyId: string, campaignId: string, mediaId: string): string =>
  `${campaignMediaPrefix(companyId, campaignId)}thumbnails/${mediaId}.jpg`;

/**
 * Where the JPEG rendition of a PNG or GIF file goes (for the platforms that publish JPEG only):
 * derived from the file's own key alone — beside it, under `renditions/`, with the same name and
 * `.jpg` — so the job that writes it and the publisher that links it agree without a record, and
 * the clean-ups of the file's prefix take it too.
 */
export const jpegRenditionKey = (originalKey: string): string => {
  const folder = originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
  const name = originalKey.slice(folder.length).replace(/\.[^.]*$/, '');
  return `${folder}renditions/${name}.jpg`;
};

/** Uploads waiting for their confirmation; the lifecycle rule's prefix. */
export const UPLOADS_PREFIX = 'uploads/';

export const companyUploadPrefix = (companyId: string): string =>
  `${UPLOADS_PREFIX}${companyMediaPrefix(companyId)}`;

export const campaignUploadPrefix = (companyId: string, campaignId: string): string =>
  `${UPLOADS_PREFIX}${campaignMediaPrefix(companyId, campaignId)}`;

/**
 * Support attachments have their own prefix, apart from any company's:
 *
 *   support/tickets/{ticketId}/{attachmentId}.{ext}   a file on a ticket or one of its responses
 *   uploads/support/{userId}/{attachmentId}           an upload not yet attached
 *
 * An upload is named by its uploader, so attaching one checks it is the caller's by its key alone.
 */
export const supportTicketPrefix = (ticketId: string): string => `support/tickets/${ticketId}/`;

export const supportUploadKey = (userId: string, attachmentId: string): string =>
  `${UPLOADS_PREFIX}support/${userId}/${attachmentId}`;
