import { escapeHtml, standInPage } from '../html';
import { fieldsOfAccount, type GoogleAccount } from './google-accounts';

/**
 * The page standing in for Google's account chooser and consent: the accounts signed in as before
 * (one click each), or a form to type one (email, name, whether Google says the email is
 * verified, the Workspace domain), then Allow or Cancel. Every form keeps the app's request.
 */

const STYLES = `
:root { --bg:#f5f7fb; --card:#fff; --text:#1f2937; --muted:#6b7280; --line:#e5e7eb; --accent:#1a73e8; --warn:#92400e; --warn-soft:#fff7e6; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg:#0f141c; --card:#171e29; --text:#e5e9f0; --muted:#94a0b4; --line:#263041; --accent:#8ab4f8; --warn:#f5c46b; --warn-soft:#2d2413; } }
* { box-sizing:border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; background:var(--bg); color:var(--text); }
main { max-width:440px; margin:48px auto; padding:24px; background:var(--card); border:1px solid var(--line); border-radius:14px; }
h1 { font-size:20px; margin:0 0 4px; }
h2 { font-size:15px; margin:20px 0 6px; }
.pill { display:inline-block; font-size:12px; font-weight:600; padding:2px 10px; border-radius:999px; background:var(--warn-soft); color:var(--warn); }
p { color:var(--muted); font-size:14px; }
label { display:block; font-weight:600; margin:12px 0 4px; }
input[type=text], input[type=email], select { width:100%; font:inherit; padding:8px 10px; border-radius:8px; border:1px solid var(--line); background:var(--bg); color:var(--text); }
.buttons { display:flex; gap:10px; margin-top:18px; }
button { font:inherit; padding:8px 18px; border-radius:8px; border:1px solid var(--line); background:var(--card); color:var(--text); cursor:pointer; }
button.allow { background:var(--accent); border-color:var(--accent); color:#fff; }
button.account { width:100%; text-align:left; margin:4px 0; }
.error { color:var(--warn); }
`;

/** The app's request as hidden fields, without the ones the page itself sets. */
const hiddenRequest = (query: URLSearchParams): string =>
  [...query]
    .filter(
      ([field]) => !['decision', 'email', 'name', 'email_verified', 'hd', 'sub'].includes(field),
    )
    .map(([field, value]) => hidden(field, value))
    .join('');

const hidden = (field: string, value: string) =>
  `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">`;

const accountButton = (query: URLSearchParams, account: GoogleAccount): string =>
  `<form method="get">${hiddenRequest(query)}${Object.entries(fieldsOfAccount(account))
    .map(([field, value]) => hidden(field, value))
    .join('')}<button class="account" type="submit" name="decision" value="allow">${escapeHtml(
    account.name,
  )} · ${escapeHtml(account.email)}${account.emailVerified ? '' : ' (unverified)'}${
    account.hd ? ` · ${escapeHtml(account.hd)}` : ''
  }</button></form>`;

export const googleConsentPage = ({
  query,
  recent,
  problem,
}: {
  query: URLSearchParams;
  recent: readonly GoogleAccount[];
  problem?: string;
}): string =>
  standInPage(
    'Sign in with Google',
    STYLES,
    `<span class="pill">Sandbox stand-in for Google</span>
<h1>Choose an account to continue to Sailpost</h1>
<p>Sailpost will see your name, email address and profile picture.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
${recent.length ? `<h2>Signed in before</h2>${recent.map((account) => accountButton(query, account)).join('')}` : ''}
<h2>${recent.length ? 'Use another account' : 'Account'}</h2>
<form method="get">
${hiddenRequest(query)}
<label for="email">Email</label>
<input type="email" id="email" name="email" required maxlength="100" placeholder="ada@gmail.com" value="${escapeHtml(query.get('email') ?? '')}" autofocus>
<label for="name">Name</label>
<input type="text" id="name" name="name" maxlength="100" placeholder="From the address when empty" value="${escapeHtml(query.get('name') ?? '')}">
<label for="email_verified">Google says the email is</label>
<select id="email_verified" name="email_verified"><option value="true">verified</option><option value="false"${query.get('email_verified') === 'false' ? ' selected' : ''}>not verified</option></select>
<label for="hd">Workspace domain (hd)</label>
<input type="text" id="hd" name="hd" maxlength="100" placeholder="Empty for a personal account" value="${escapeHtml(query.get('hd') ?? '')}">
<p>Nothing leaves this machine: the same email always signs in as the same Google account.</p>
<div class="buttons"><button class="allow" type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></div>
</form>`,
  );

export const googleErrorPage = (message: string): string =>
  standInPage(
    'Something went wrong',
    STYLES,
    `<span class="pill">Sandbox stand-in for Google</span><h1>Access blocked: this request is invalid</h1><p class="error">${escapeHtml(message)}</p>`,
  );
