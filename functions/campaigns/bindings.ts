import { declareFunction } from '#functions/core/bindings';

/**
 * Campaigns: the table (campaigns, their pointers and counts, the company's credentials and media
 * assets), the media bucket to sign the links of a campaign's media (read), and the campaign
 * clean-up it starts when a campaign is deleted.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read',
    secrets: ['tokenKey', 'originKey'],
    starts: ['campaign-cleanup'],
    // Pausing, resuming or rescheduling a campaign moves its posts' publishing schedules.
    schedules: ['publisher'],
  },
});
