import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { escapeHtml, standInPage } from '../html';
import { sendText } from '../responses';
import type { OAuthServer } from './oauth';
import type { StandInAccount } from './provider-store';
import type { StandInClient } from './stand-in-clients';

/**
 * The consent pages standing in for X's and LinkedIn's: the app's authorization URL leads here;
 * the owner types an account name and clicks Allow or Deny, and the page sends the browser back
 * to the `redirect_uri` with `code` and `state` (or `error=access_denied` and `state`). The same
 * URL with `&decision=allow&account=NAME` (or `decision=deny`) answers the redirect at once, for
 * scripts and tests. A request the real page would refuse (unknown client, no redirect URI, on X
 * no S256 challenge) gets an error page and no redirect, as there.
 */

/** How each provider's consent differs. */
interface ConsentRules {
  /** The account a name signs in as, from the name and a digest of it. */
  account: (name: string, digest: Buffer) => StandInAccount;
  /** X refuses a request without a PKCE S256 challenge and a state. */
  pkce: boolean;
  /** What a denial says beside `error=access_denied`, where the provider says more (LinkedIn). */
  deniedDescription: string | null;
}

const CONSENT_RULES: Record<ConnectablePlatform, ConsentRules> = {
  twitter: {
    account: (name, digest) => ({
      // A numeric id, like X's (up to 19 digits), and a username of at most 15 characters.
      id: (digest.readBigUInt64BE(0) >> 2n).toString(),
      username: name.replace(/[^A-Za-z0-9_]/g, '').slice(0, 15) || 'sandbox_owner',
      name,
    }),
    pkce: true,
    deniedDescription: null,
  },
  linkedin: {
    account: (name, digest) => ({
      id: digest.subarray(0, 8).toString('base64url'),
      username: name,
      name,
    }),
    pkce: false,
    deniedDescription: 'The user cancelled the authorization',
  },
  facebook: {
    // A numeric id, like a Facebook user's (app-scoped, up to 17 digits).
    account: (name, digest) => ({
      id: (digest.readBigUInt64BE(0) % 10n ** 16n).toString(),
      username: name,
      name,
    }),
    pkce: false,
    deniedDescription: 'Permissions error',
  },
  instagram: {
    account: (name, digest) => ({
      id: (digest.readBigUInt64BE(0) % 10n ** 16n).toString(),
      username: name,
      name,
    }),
    pkce: false,
    deniedDescription: 'Permissions error',
  },
};

/** The same name always signs in as the same account, so reconnecting finds it again. */
export const accountNamed = (platform: ConnectablePlatform, typed: string): StandInAccount => {
  const name = typed.trim().replace(/\s+/g, ' ').slice(0, 50) || 'Sandbox Owner';
  const digest = createHash('sha256').update(`${platform}:${name.toLowerCase()}`).digest();
  return CONSENT_RULES[platform].account(name, digest);
};

interface ConsentRequest {
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge?: string;
}

/** The request's parameters when the real provider would accept them, else why not. */
const consentRequestOf = (
  platform: ConnectablePlatform,
  query: URLSearchParams,
  client: StandInClient,
): ConsentRequest | string => {
  if (query.get('response_type') !== 'code') return 'response_type must be "code".';
  if (query.get('client_id') !== client.clientId) {
    return `No app has the client id "${query.get('client_id') ?? ''}".`;
  }
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirectUri)) return 'redirect_uri must be an http(s) URL.';
  const scopes = (query.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
  if (!scopes.length) return 'scope is missing.';
  const state = query.get('state') ?? '';
  if (CONSENT_RULES[platform].pkce) {
    const codeChallenge = query.get('code_challenge');
    if (!codeChallenge || query.get('code_challenge_method')?.toUpperCase() !== 'S256') {
      return 'X needs a PKCE code_challenge with code_challenge_method=S256.';
    }
    if (!state) return 'state is missing.';
    return { redirectUri, state, scopes, codeChallenge };
  }
  return { redirectUri, state, scopes };
};

const redirectTo = (response: ServerResponse, base: string, parameters: Record<string, string>) => {
  const url = new URL(base);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  response.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
  response.end();
};

const STYLES = `
:root { --bg:#f5f7fb; --card:#fff; --text:#1f2937; --muted:#6b7280; --line:#e5e7eb; --accent:#4f46e5; --warn:#92400e; --warn-soft:#fff7e6; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg:#0f141c; --card:#171e29; --text:#e5e9f0; --muted:#94a0b4; --line:#263041; --accent:#7c9cff; --warn:#f5c46b; --warn-soft:#2d2413; } }
* { box-sizing:border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; background:var(--bg); color:var(--text); }
main { max-width:440px; margin:48px auto; padding:24px; background:var(--card); border:1px solid var(--line); border-radius:14px; }
h1 { font-size:20px; margin:0 0 4px; }
.pill { display:inline-block; font-size:12px; font-weight:600; padding:2px 10px; border-radius:999px; background:var(--warn-soft); color:var(--warn); }
p, li { color:var(--muted); font-size:14px; }
code { font-size:12.5px; background:var(--bg); padding:1px 5px; border-radius:5px; color:var(--text); }
label { display:block; font-weight:600; margin:18px 0 6px; }
input[type=text] { width:100%; font:inherit; padding:8px 10px; border-radius:8px; border:1px solid var(--line); background:var(--bg); color:var(--text); }
.buttons { display:flex; gap:10px; margin-top:18px; }
button { font:inherit; padding:8px 18px; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--text); cursor:pointer; }
button.allow { background:var(--accent); border-color:var(--accent); color:#fff; }
.error { color:var(--warn); }
`;

const page = (title: string, body: string): string => standInPage(title, STYLES, body);

const consentForm = (
  platform: ConnectablePlatform,
  query: URLSearchParams,
  request: ConsentRequest,
): string => {
  const name = PLATFORMS[platform].shortName;
  const hidden = [...query]
    .filter(([field]) => field !== 'decision' && field !== 'account')
    .map(
      ([field, value]) =>
        `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return page(
    `Connect to ${name}`,
    `<span class="pill">Sandbox stand-in for ${escapeHtml(name)}</span>
<h1>Sailpost wants to use your ${escapeHtml(name)} account</h1>
<p>It asks for: ${request.scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ')}</p>
<form method="get">
${hidden}
<label for="account">Sign in as</label>
<input type="text" id="account" name="account" required maxlength="50" placeholder="Any name, e.g. Harbor Coffee" autofocus>
<p>Nothing leaves this machine: the same name always signs in as the same ${escapeHtml(name)} account, and what it posts appears at <a href="/_sandbox#posts">/_sandbox</a>.</p>
<div class="buttons"><button class="allow" type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>`,
  );
};

const HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/** Answers the consent page's URL: the page, or the redirect once the owner decided. */
export const answerConsent = (
  platform: ConnectablePlatform,
  request: IncomingMessage,
  response: ServerResponse,
  oauth: OAuthServer,
  client: StandInClient,
): void => {
  const query = new URL(request.url ?? '/', 'http://sandbox.local').searchParams;
  const consent = consentRequestOf(platform, query, client);
  if (typeof consent === 'string') {
    sendText(
      response,
      400,
      'text/html; charset=utf-8',
      page(
        'Something went wrong',
        `<h1>${escapeHtml(PLATFORMS[platform].shortName)} cannot show this consent page</h1><p class="error">${escapeHtml(consent)}</p>`,
      ),
      HEADERS,
    );
    return;
  }
  const decision = query.get('decision');
  const state = { state: consent.state };
  if (decision === 'deny') {
    const { deniedDescription } = CONSENT_RULES[platform];
    redirectTo(response, consent.redirectUri, {
      error: 'access_denied',
      ...(deniedDescription ? { error_description: deniedDescription } : {}),
      ...state,
    });
  } else if (decision === 'allow') {
    const code = oauth.issueCode({
      clientId: client.clientId,
      redirectUri: consent.redirectUri,
      ...(consent.codeChallenge ? { codeChallenge: consent.codeChallenge } : {}),
      account: accountNamed(platform, query.get('account') ?? ''),
      scopes: consent.scopes,
    });
    redirectTo(response, consent.redirectUri, { code, ...state });
  } else {
    sendText(
      response,
      200,
      'text/html; charset=utf-8',
      consentForm(platform, query, consent),
      HEADERS,
    );
  }
};
