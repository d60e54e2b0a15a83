import { declareFunction } from '#functions/core/bindings';

/**
 * A campaign's media assets: the table (assets, their campaign's count), the media bucket
 * (presigned uploads and links are signed with this function's role; a confirmed upload is
 * checked, a removed asset's files deleted), and the media-thumbnail job it starts for each image
 * asset it confirms.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    secrets: ['tokenKey', 'originKey'],
    starts: ['media-thumbnail'],
  },
});
