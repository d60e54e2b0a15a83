import type { MetaPage, PageChoice, PagePlatform } from '#shared/contract/platforms';
import { platformName } from '#shared/domain/tiers';
import type { CompanyRecord } from '../core/db/entities/company';
import { pageChoiceEntity, type PageChoiceRecord } from '../core/db/entities/page-choice';
import type { PlatformCredentialRecord } from '../core/db/entities/platform-credential';
import { Conflict, NotFound } from '../core/errors';
import { ensurePlatformInTier } from '../domain/plans/entitlement';
import { missingPermissionText } from '../integrations/social/meta-errors';
import type {
  GrantedPage,
  PageGrantingClient,
  TokenGrant,
} from '../integrations/social/social-client';
import { storeConnection } from './credentials';
import { decryptToken, encryptToken } from './token-cipher';

/**
 * The owner's choice of a Facebook Page after Meta's consent. The consent grants Pages, not one
 * account: the callback keeps the long-lived user token (encrypted) for a while, the Platforms
 * screen lists the Pages it reaches, and the chosen one becomes the company's credential — the
 * Page's own token, which does not expire, stored encrypted like every other.
 */

/** How long a consent waits for the choice. */
export const PAGE_CHOICE_TTL_SECONDS = 30 * 60;

/** What publishing needs granted; `business_management` only where Pages are a business's. */
const REQUIRED_PERMISSIONS: Record<PagePlatform, readonly string[]> = {
  facebook: ['pages_show_list', 'pages_manage_posts'],
  instagram: ['pages_show_list', 'instagram_basic', 'instagram_content_publish'],
};

/** The first permission publishing needs that the consent left out, in the owner's words. */
export const missingPermissionOf = (platform: PagePlatform, scopes: readonly string[]) => {
  const missing = REQUIRED_PERMISSIONS[platform].find((permission) => !scopes.includes(permission));
  return missing ? missingPermissionText(platform, missing) : null;
};

const tokenContext = (companyId: string, platform: PagePlatform) =>
  `page-choice/${companyId}/${platform}/userAccessToken`;

const notPending = (platform: PagePlatform) =>
  new Conflict(
    'PAGE_CHOICE_NOT_PENDING',
    `No ${platformName(platform)} connection is waiting for a Page. Connect ${platformName(platform)} again from the Platforms page.`,
  );

/** Keeps a consent's user token until the owner chooses a Page (replacing an earlier one). */
export const keepPageChoice = async (input: {
  platform: PagePlatform;
  companyId: string;
  userId: string;
  grant: TokenGrant;
  now?: Date;
}): Promise<void> => {
  const { platform, companyId, grant } = input;
  const now = input.now ?? new Date();
  await pageChoiceEntity()
    .put({
      companyId,
      platform,
      userId: input.userId,
      userAccessToken: await encryptToken(grant.accessToken, tokenContext(companyId, platform)),
      ...(grant.expiresAt ? { userTokenExpiresAt: grant.expiresAt } : {}),
      scopes: grant.scopes,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + PAGE_CHOICE_TTL_SECONDS,
    })
    .go({ response: 'none' });
};

/** The consent waiting for this user's choice, unexpired (TTL may lag: checked here). */
const pendingChoice = async (
  companyId: string,
  platform: PagePlatform,
  userId: string,
  now: Date,
): Promise<PageChoiceRecord> => {
  const { data } = await pageChoiceEntity().get({ companyId, platform }).go({ consistent: true });
  if (!data || data.userId !== userId || data.expiresAt <= Math.floor(now.getTime() / 1000)) {
    throw notPending(platform);
  }
  return data;
};

/** Why a Page cannot be chosen for the platform, in the owner's words; null when it can. */
const pageProblem = (platform: PagePlatform, page: GrantedPage): string | null => {
  if (!page.canPost) {
    return `You cannot create posts on ${page.name}. Ask one of its admins for full control or content access, then connect again.`;
  }
  if (platform === 'instagram' && !page.instagram) {
    return `${page.name} has no Instagram professional account linked. In Instagram, switch the account to a professional (Business or Creator) account under Settings → Account type and tools, link it to this Page in the Page's settings (Linked accounts), then connect Instagram again.`;
  }
  return null;
};

const NO_PAGES: Record<PagePlatform, string> = {
  facebook:
    'Facebook gave Sailpost no Pages. Connect again and choose your business’s Page when Facebook asks (or create a Page first).',
  instagram:
    'Facebook gave Sailpost no Pages. Your Instagram professional account must be linked to a Facebook Page: link it in the Page’s settings (Linked accounts), then connect again and choose that Page.',
};

const metaPageOf = (platform: PagePlatform, page: GrantedPage): MetaPage => ({
  id: page.id,
  name: page.name,
  pictureUrl: page.pictureUrl ?? null,
  instagram: page.instagram
    ? {
        id: page.instagram.id,
        username: page.instagram.username,
        pictureUrl: page.instagram.pictureUrl ?? null,
      }
    : null,
  problem: pageProblem(platform, page),
});

const grantedPages = async (
  client: PageGrantingClient,
  choice: PageChoiceRecord,
): Promise<GrantedPage[]> =>
  client.pages(
    await decryptToken(choice.userAccessToken, tokenContext(choice.companyId, choice.platform)),
  );

/** The Pages the waiting consent reaches, each with why it cannot be chosen, if it cannot. */
export const listPageChoice = async (input: {
  client: PageGrantingClient;
  company: CompanyRecord;
  userId: string;
  now?: Date;
}): Promise<PageChoice> => {
  const { client, company } = input;
  const { platform } = client;
  const choice = await pendingChoice(
    company.companyId,
    platform,
    input.userId,
    input.now ?? new Date(),
  );
  const pages = (await grantedPages(client, choice)).map((page) => metaPageOf(platform, page));
  const choosable = pages.some((page) => page.problem === null);
  return {
    platform,
    pages,
    problem: choosable
      ? null
      : pages.length === 0
        ? NO_PAGES[platform]
        : 'None of these Pages can be chosen: see what each needs.',
    expiresAt: new Date(choice.expiresAt * 1000).toISOString(),
  };
};

/**
 * Connects the chosen Page (Facebook) or the Instagram account linked to it (Instagram): its
 * token becomes the company's credential for the platform, and the waiting consent is spent.
 */
export const choosePage = async (input: {
  client: PageGrantingClient;
  company: CompanyRecord;
  userId: string;
  pageId: string;
  now?: Date;
}): Promise<PlatformCredentialRecord> => {
  const { client, company, pageId } = input;
  const { platform } = client;
  ensurePlatformInTier(company, platform);
  const choice = await pendingChoice(
    company.companyId,
    platform,
    input.userId,
    input.now ?? new Date(),
  );
  const page = (await grantedPages(client, choice)).find((granted) => granted.id === pageId);
  if (!page) {
    throw new NotFound(
      'PAGE_NOT_FOUND',
      'That Page is not one this connection reaches. Choose one of the Pages listed.',
    );
  }
  const problem = pageProblem(platform, page);
  if (problem && platform === 'instagram' && !page.instagram) {
    throw new Conflict('INSTAGRAM_ACCOUNT_MISSING', problem);
  }
  if (problem) throw new NotFound('PAGE_NOT_FOUND', problem);
  const account =
    platform === 'instagram' && page.instagram
      ? {
          id: page.instagram.id,
          handle: `@${page.instagram.username}`,
          displayName: page.instagram.name ?? page.instagram.username,
          ...(page.instagram.pictureUrl ? { avatarUrl: page.instagram.pictureUrl } : {}),
        }
      : {
          id: page.id,
          handle: page.name,
          displayName: page.name,
          ...(page.pictureUrl ? { avatarUrl: page.pictureUrl } : {}),
        };
  const { credential } = await storeConnection({
    companyId: company.companyId,
    platform,
    account,
    // A Page token from a long-lived user token has no end: nothing to refresh, no date to warn of.
    grant: { accessToken: page.accessToken, scopes: choice.scopes },
    page: { id: page.id, name: page.name },
  });
  await pageChoiceEntity()
    .delete({ companyId: company.companyId, platform })
    .go({ response: 'none' });
  return credential;
};
