import type { ConnectablePlatform } from '#shared/domain/tiers';

/** Tokens as a provider grants them. `refreshToken` is absent where the provider gives none. */
export interface TokenGrant {
  accessToken: string;
  refreshToken?: string;
  /** When the access token expires (ISO), when the provider says. */
  expiresAt?: string;
  /** When the refresh token expires (ISO), when the provider says (LinkedIn). */
  refreshTokenExpiresAt?: string;
  scopes: string[];
}

/** Who granted the tokens. */
export interface ProviderAccount {
  /** The provider's id: the X user id, the LinkedIn member id (`sub`). */
  id: string;
  /** `@name` on X; the member's name on LinkedIn. */
  handle: string;
  displayName: string;
  avatarUrl?: string;
}

/** One file to attach, already read from S3. */
export interface MediaFile {
  bytes: Uint8Array;
  contentType: string;
  altText?: string;
  /**
   * A short-lived link that reads the file from our bucket, for a provider that fetches media
   * itself (Meta) rather than taking the bytes; the file as published (an Instagram image is a
   * JPEG copy).
   */
  url?: string;
}

export interface PublishedOnProvider {
  postId: string;
  /** The post's public permalink. */
  url: string;
}

/**
 * One provider's OAuth and posting API, the same code against the real API (with keys) and the
 * sandbox's stand-in (which answers like the real one at another base URL). Failures are thrown
 * as the provider errors of `provider-errors.ts`, never as raw HTTP errors.
 */
export interface SocialClient {
  readonly platform: ConnectablePlatform;
  /** The consent page's URL. X needs the PKCE challenge (S256); LinkedIn ignores it. */
  authorizationUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string;
  /** Trades the consent's code for tokens. */
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
  }): Promise<TokenGrant>;
  /**
   * New tokens from a refresh token. X's refresh tokens are single-use: the grant answered holds
   * the next one, and reusing a spent one revokes the whole grant.
   */
  refresh(refreshToken: string): Promise<TokenGrant>;
  /** The account the access token belongs to. */
  account(accessToken: string): Promise<ProviderAccount>;
  /** Uploads the media, then posts the text with them. */
  publish(input: {
    accessToken: string;
    accountId: string;
    /**
     * The account's handle as stored (`@name` on X), for the post's permalink. X's answer to a
     * post does not name its author, so without it X's client asks `GET /2/users/me` first.
     */
    handle?: string;
    text: string;
    media: readonly MediaFile[];
    /**
     * Called with the id of what the provider holds ready to publish (an Instagram container)
     * before it is published, so that the caller can remember it on the post.
     */
    onPrepared?: (preparedId: string) => Promise<void>;
  }): Promise<PublishedOnProvider>;
  /** Revokes the token at the provider where the provider allows it (X); a no-op otherwise. */
  revoke(input: { accessToken: string; refreshToken?: string }): Promise<void>;
}

/** One Facebook Page a Meta consent granted, with its own token and its linked Instagram account. */
export interface GrantedPage {
  id: string;
  name: string;
  pictureUrl?: string;
  /** The Page's access token (from a long-lived user token, it does not expire). */
  accessToken: string;
  /** Whether the person who consented may create posts on the Page. */
  canPost: boolean;
  /** The Instagram professional account linked to the Page, if any. */
  instagram?: { id: string; username: string; name?: string; pictureUrl?: string };
}

/**
 * A client whose consent grants Pages rather than one account (Meta): after the code exchange the
 * owner chooses one of them, which becomes the credential.
 */
export interface PageGrantingClient extends SocialClient {
  readonly platform: 'facebook' | 'instagram';
  readonly grantsPages: true;
  /** The Pages the user token was granted, with their tokens. */
  pages(userAccessToken: string): Promise<GrantedPage[]>;
}

export const grantsPages = (client: SocialClient): client is PageGrantingClient =>
  'grantsPages' in client && client.grantsPages === true;
