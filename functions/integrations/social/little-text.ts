/**
 * LinkedIn's "little" text format, which the Posts API's `commentary` is written in: a few
 * characters mark up mentions (`@[Name](urn:li:person:…)`), hashtags (`{hashtag|\#|tag}`) and
 * templates, and a post that uses them as plain text loses them or is refused. Each is kept by a
 * backslash before it. We post plain text only, so every one of them is escaped: the post shows
 * exactly what the owner wrote (a `#tag` shows as the text `#tag`, not as LinkedIn's hashtag
 * markup).
 * https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Plain text as `commentary`: every reserved character backslash-escaped. */
export const escapeLittleText = (text: string): string => text.replace(RESERVED, '\\$&');

/** The plain text a `commentary` written by `escapeLittleText` stands for. */
export const unescapeLittleText = (commentary: string): string =>
  commentary.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
