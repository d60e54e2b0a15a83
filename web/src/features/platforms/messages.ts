import type { PagePlatform } from '#shared/contract/platforms';
import { PLATFORMS, type ConnectablePlatform, type PlatformTable } from '#shared/domain/tiers';

/**
 * The Platforms screen's user-visible texts: the spec's verbatim (§8 "Platforms"), and our own
 * where the spec is silent. `name` is the platform's display name ('X (Twitter)', 'LinkedIn').
 */
export const PLATFORM_MESSAGES = {
  loadFailed: 'Failed to load platform connections',
  connectFirst: (name: string) => `Please connect to ${name} first`,
  reconnectFirst: (name: string) => `Please reconnect ${name} first`,
  connected: (name: string) => `Connected to ${name}`,
  connectFailed: (name: string, error: string) => `Failed to connect to ${name}: ${error}`,
  noAuthUrl: (name: string) => `Failed to get auth URL for ${name}`,
  /** 'Failed to get auth URL: {message}' through failureText. */
  authUrlAction: 'get auth URL',
  /** 'Failed to disconnect platform: {message}' through failureText. */
  disconnectAction: 'disconnect platform',
  disconnected: (name: string) => `${name} disconnected`,
  /** 'Failed to post content: {message}' through failureText. */
  postAction: 'post content',
  pagesLoadFailed: 'Failed to load your Pages',
  noPages: 'No Pages were shared with Sailpost. Connect again and choose a Page on Facebook.',
  chooseFailed: 'Failed to connect the Page',
  instagramOfPage: (username: string) => `Instagram: @${username}`,
  /** Post now on a platform without text-only posts (Instagram), before a file is chosen. */
  mediaRequired: (name: string) => `${name} posts need an image or a video: add one to post.`,
} as const;

/** What a card that can connect says is connected: on Meta, a Page or the account linked to one. */
export const CONNECT_NOTES: PlatformTable<string> = {
  twitter: 'Connect your X (Twitter) account to post from Sailpost.',
  linkedin: 'Connect your LinkedIn account to post from Sailpost.',
  facebook:
    'Connect your Facebook Page to post from Sailpost. You choose the Page after signing in.',
  instagram:
    'Connect your Instagram professional account, through the Facebook Page it is linked to, to post from Sailpost.',
};

/** The Page picker's title and what it is for, by the platform it connects. */
export const PAGE_PICKER_TEXTS = {
  facebook: {
    title: 'Choose your Facebook Page',
    description: (company: string) =>
      `Sailpost posts to one Facebook Page for ${company}. Choose it from the Pages you shared.`,
  },
  instagram: {
    title: 'Choose your Instagram account',
    description: (company: string) =>
      `An Instagram professional account connects through the Facebook Page it is linked to. Choose the Page whose account ${company} posts as.`,
  },
} as const satisfies Record<
  PagePlatform,
  { title: string; description: (company: string) => string }
>;

/** The spec's success texts name X by its old name ('Content posted to Twitter!'). */
export const postedText = (platform: ConnectablePlatform) =>
  `Content posted to ${PLATFORMS[platform].formerName ?? PLATFORMS[platform].shortName}!`;
