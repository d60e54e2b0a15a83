/** Escapes text for HTML content and attribute values (the sandbox's pages build HTML by hand). */
export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** A cheap fingerprint: the page's auto-refresh swaps a region only when its signature changes. */
export const signatureOf = (parts: readonly string[]): string => {
  let hash = 0;
  for (const character of parts.join('|')) {
    hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  }
  return `${parts.length}-${(hash >>> 0).toString(36)}`;
};

/** A whole page of a stand-in (a consent screen, a checkout), with its own styles. */
export const standInPage = (title: string, styles: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sailpost sandbox</title>
<link rel="icon" href="data:,">
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`;
