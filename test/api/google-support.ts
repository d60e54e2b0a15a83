import { apiUrl, call, type ApiResult } from './http';

/**
 * "Continue with Google" in the API tests, the way a browser does it: the start (which sets the
 * state's cookie and redirects to Google), the sandbox's Google stand-in answering at once
 * (`decision=allow&email=…`), and our callback followed with the cookie. Each step is exposed,
 * so tests can break the flow where they mean to.
 */

export interface GoogleStart {
  /** Google's (the stand-in's) sign-in URL, as our API redirected to it. */
  url: URL;
  /** `name=value` of the state's cookie, as the browser sends it back. */
  cookie: string;
  /** The whole Set-Cookie line. */
  setCookie: string;
}

export const startGoogle = async (): Promise<GoogleStart> => {
  const answer = await call<undefined>('GET', '/auth/google');
  if (answer.status !== 302) throw new Error(`the start answered ${answer.status}`);
  const setCookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('sailpost_google_'));
  if (!setCookie) throw new Error('the start set no state cookie');
  return {
    url: new URL(answer.headers.get('location')!),
    cookie: setCookie.split(';')[0]!,
    setCookie,
  };
};

/** The account the tester picks at Google, and the flaw its ID token should have, if any. */
export type GoogleChoice = Record<string, string> & { email: string };

/**
 * What Google's stand-in sends the browser back with: our callback's path and query
 * (`/auth/google/callback?code=…&state=…&iss=…`).
 */
export const atGoogle = async (
  start: GoogleStart,
  decision: 'allow' | 'cancel',
  choice: Record<string, string> = {},
): Promise<string> => {
  const url = new URL(start.url);
  url.searchParams.set('decision', decision);
  for (const [name, value] of Object.entries(choice)) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(
      `Google's stand-in did not redirect: ${response.status} ${await response.text()}`,
    );
  }
  const back = new URL(location, apiUrl());
  return `${back.pathname.replace(/^\/api/, '')}${back.search}`;
};

/** Our callback, as the browser follows Google's redirect (with or without the cookie). */
export const googleCallback = (path: string, cookie?: string): Promise<ApiResult<undefined>> =>
  call<undefined>('GET', path, cookie ? { headers: { cookie } } : {});

/** Where the callback sent the browser: the web app's callback screen and its query. */
export const landing = (result: ApiResult<unknown>) => {
  const location = new URL(result.headers.get('location') ?? '');
  return { path: location.pathname, params: Object.fromEntries(location.searchParams) };
};

export interface GoogleSession {
  access_token: string;
  user: { _id: string; email: string; firstName: string; lastName: string; phoneNumber: string };
}

/** The whole sign-in: start, allow as `choice`, callback; the web app's landing. */
export const signInWithGoogle = async (choice: GoogleChoice) => {
  const start = await startGoogle();
  const back = await googleCallback(await atGoogle(start, 'allow', choice), start.cookie);
  return { back, ...landing(back) };
};

/** The web app's exchange of the callback's single-use code. */
export const exchangeCode = (token: string) =>
  call<GoogleSession>('POST', '/auth/google/callback', { body: { token } });

/** Linking from the profile: the password checked again, and Google's URL with the state's cookie. */
export const startGoogleLink = async (token: string, password: string) => {
  const answer = await call<{ url: string }>('POST', '/auth/google/link', {
    token,
    body: { password },
  });
  const setCookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('sailpost_google_'));
  const start: GoogleStart | null =
    answer.status === 200 && setCookie
      ? { url: new URL(answer.body.url), cookie: setCookie.split(';')[0]!, setCookie }
      : null;
  return { answer, start };
};

/** The whole link from the profile, allowed at Google as `choice`: where the browser lands. */
export const linkGoogle = async (token: string, password: string, choice: GoogleChoice) => {
  const { answer, start } = await startGoogleLink(token, password);
  if (!start) throw new Error(`the link did not start: ${answer.status}`);
  const back = await googleCallback(await atGoogle(start, 'allow', choice), start.cookie);
  return { back, ...landing(back) };
};
