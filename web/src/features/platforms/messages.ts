import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';

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
} as const;

/** The spec's success texts name X by its old name ('Content posted to Twitter!'). */
export const postedText = (platform: ConnectablePlatform) =>
  `Content posted to ${PLATFORMS[platform].formerName ?? PLATFORMS[platform].shortName}!`;
