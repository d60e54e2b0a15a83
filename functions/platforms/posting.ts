import type { Logger } from '@aws-lambda-powertools/logger';
import type { PublishedPost } from '#shared/contract/platforms';
import { PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { platformName, type ConnectablePlatform } from '#shared/domain/tiers';
import type { CompanyRecord } from '../core/db/entities/company';
import type { PlatformCredentialRecord } from '../core/db/entities/platform-credential';
import { Conflict, Invalid } from '../core/errors';
import { ensureMayPublish, ensurePlatformInTier } from '../domain/plans/entitlement';
import type { SocialClient } from '../integrations/social/social-client';
import { findCredential } from './credentials';
import { fetchesMedia, publishProblemOf, withMediaLinks } from './media-links';
import { checkPostMedia, discardPostMedia, readPostMedia } from './post-media';
import { needsReconnectionMessage, providerFailure } from './provider-failures';
import { freshAccessToken } from './token-refresh';

export interface PostRequest {
  text: string;
  media: readonly { key: string; altText?: string }[];
}

/**
 * Checks that need no provider: the plan (a lapsed trial or subscription publishes nothing), the
 * effective tier, the connection, the text as the platform counts it.
 */
const checkPost = async (
  company: CompanyRecord,
  platform: ConnectablePlatform,
  text: string,
): Promise<PlatformCredentialRecord> => {
  ensureMayPublish(company);
  ensurePlatformInTier(company, platform);
  const credential = await findCredential(company.companyId, platform);
  if (!credential) {
    throw new Conflict(
      'PLATFORM_NOT_CONNECTED',
      `Please connect to ${platformName(platform)} first`,
    );
  }
  if (credential.needsReconnection) {
    throw new Conflict('PLATFORM_NEEDS_RECONNECTION', needsReconnectionMessage(platform));
  }
  // twitter-text builds large regular expressions as it loads: only a post pays for them.
  const { postTextLength } = await import('#shared/domain/post-text');
  const length = postTextLength(platform, text);
  if (!length.withinLimit) {
    const message = `This post is ${length.length} characters as ${platformName(platform)} counts them; it allows ${length.max}.`;
    // Named as the body's field, so that the screen shows it at the post's text.
    throw new Invalid('POST_TOO_LONG', message, { text: message });
  }
  return credential;
};

/**
 * Publishes now, as the account connected to the company: everything that can be checked here
 * is checked before the provider is called (plan, tier, connection, length as the platform counts,
 * each upload's real type, size and first bytes, the media set), then the access token is
 * refreshed if it is about to expire (one refresh at a time, token-refresh.ts) and the provider
 * client uploads and posts. A provider's failure becomes a domain error (provider-failures.ts).
 */
export const postNow = async (input: {
  client: SocialClient;
  company: CompanyRecord;
  post: PostRequest;
  logger: Logger;
}): Promise<PublishedPost> => {
  const { client, company, post, logger } = input;
  const { platform } = client;
  let credential = await checkPost(company, platform, post.text);
  const media = await checkPostMedia(company.companyId, platform, post.media);
  if (PLATFORM_MEDIA[platform].mediaRequired && media.length === 0) {
    throw new Invalid(
      'MEDIA_REQUIRED',
      `${platformName(platform)} posts need an image or a video. Add one, then post.`,
    );
  }
  // Read (and checked to be what their types say) before anything is asked of the provider.
  const read = await readPostMedia(media);
  const problem = publishProblemOf(platform, read);
  if (problem) throw new Invalid('MEDIA_INVALID', problem);
  const files = await withMediaLinks(
    platform,
    read.map((file, index) => ({ ...file, key: media[index]!.key })),
  );
  try {
    const fresh = await freshAccessToken(client, credential);
    credential = fresh.credential;
    const published = await client.publish({
      accessToken: fresh.accessToken,
      accountId: credential.accountId,
      handle: credential.handle,
      text: post.text,
      media: files,
    });
    logger.info('Posted now', { platform, companyId: company.companyId, postId: published.postId });
    // A platform that fetches media may still be reading it (a Facebook video processes after
    // the answer): its uploads are left to the bucket's lifecycle rule.
    if (!fetchesMedia(platform)) await discardPostMedia(media);
    return { platform, postId: published.postId, url: published.url };
  } catch (error) {
    throw await providerFailure(error, credential, logger);
  }
};
