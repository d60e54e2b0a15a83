import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/domain/limits';
import { makeToken, makeUser, seedSession } from '#web/test/fixtures';
import { callKeys, mockFetch } from '#web/test/fetch-mock';
import { SessionProvider, tokenExpiresAt, useSession, type SessionContextValue } from './session';
import { takeSessionEndedNote } from './session-ended';
import { readSession } from './session-storage';

const sessionEnded = {
  status: 401,
  body: {
    statusCode: 401,
    code: 'SESSION_ENDED',
    message: 'Your session has ended. Please log in again.',
    error: 'Unauthorized',
  },
};

let session: SessionContextValue;
const statuses: string[] = [];

function Probe() {
  session = useSession();
  statuses.push(session.status);
  return <p>{`status: ${session.status}; user: ${session.user?.firstName ?? 'none'}`}</p>;
}

const renderProvider = () => {
  statuses.length = 0;
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
};

describe('SessionProvider', () => {
  it('starts loading, then is authenticated by a stored, unexpired token', () => {
    seedSession({ user: makeUser({ firstName: 'Maya' }) });
    renderProvider();
    expect(statuses[0]).toBe('loading');
    expect(screen.getByText('status: authenticated; user: Maya')).toBeInTheDocument();
  });

  it('is anonymous without a stored session', () => {
    renderProvider();
    expect(screen.getByText('status: anonymous; user: none')).toBeInTheDocument();
  });

  it('clears an expired token when the session cannot be renewed', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/refresh': sessionEnded });
    seedSession({ token: makeToken(-60) });
    renderProvider();
    expect(await screen.findByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(statuses).not.toContain('authenticated');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(callKeys(fetchMock)).toEqual(['POST /api/auth/refresh']);
  });

  it('clears a token that does not decode when the session cannot be renewed', async () => {
    mockFetch({ 'POST /api/auth/refresh': sessionEnded });
    seedSession({ token: 'not-a-jwt' }, { remember: false });
    renderProvider();
    expect(await screen.findByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('on load with an expired token, renews it through the refresh cookie first', async () => {
    const renewed = makeToken(900);
    const fetchMock = mockFetch({
      'POST /api/auth/refresh': { body: { access_token: renewed, user: makeUser() } },
    });
    seedSession({ token: makeToken(-60) }, { remember: false });
    renderProvider();
    expect(statuses[0]).toBe('loading');
    expect(await screen.findByText('status: authenticated; user: Maya')).toBeInTheDocument();
    // Never counted as signed out on the way, and the renewal stays where the sign-in was.
    expect(statuses).not.toContain('anonymous');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  describe('a new tab of a browser signed in without "Remember me" (nothing stored here)', () => {
    const setSignedInCookie = () => {
      document.cookie = 'sailpost_signed_in=1; Path=/';
    };
    const signedInCookieIsSet = () => document.cookie.includes('sailpost_signed_in=');
    afterEach(() => {
      document.cookie = 'sailpost_signed_in=; Path=/; Max-Age=0';
    });

    it('renews the session through the refresh cookie the tabs share, stored for this tab', async () => {
      const renewed = makeToken(900);
      const fetchMock = mockFetch({
        'POST /api/auth/refresh': { body: { access_token: renewed, user: makeUser() } },
      });
      setSignedInCookie();
      renderProvider();
      expect(await screen.findByText('status: authenticated; user: Maya')).toBeInTheDocument();
      // Never counted as signed out on the way (the router would send it to /login).
      expect(statuses).not.toContain('anonymous');
      expect(callKeys(fetchMock)).toEqual(['POST /api/auth/refresh']);
      expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });

    it('is anonymous, without the "session has ended" note, when the session is over; the cookie is forgotten', async () => {
      const fetchMock = mockFetch({ 'POST /api/auth/refresh': sessionEnded });
      setSignedInCookie();
      renderProvider();
      expect(await screen.findByText('status: anonymous; user: none')).toBeInTheDocument();
      expect(signedInCookieIsSet()).toBe(false);
      expect(takeSessionEndedNote()).toBe(false);
      expect(callKeys(fetchMock)).toEqual(['POST /api/auth/refresh']);
    });

    it('signing out forgets the cookie at once, so no tab renews the session meanwhile', () => {
      const fetchMock = mockFetch({
        'POST /api/auth/logout': { body: { message: 'Signed out' } },
      });
      seedSession({}, { remember: false });
      setSignedInCookie();
      renderProvider();
      act(() => session.signOut());
      expect(signedInCookieIsSet()).toBe(false);
      expect(session.status).toBe('anonymous');
      expect(callKeys(fetchMock)).toEqual(['POST /api/auth/logout']);
    });
  });

  it('without a stored user, asks the server nothing', () => {
    const fetchMock = mockFetch({});
    renderProvider();
    expect(screen.getByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a token without a readable user', () => {
    window.localStorage.setItem(STORAGE_KEYS.token, makeToken());
    window.localStorage.setItem(STORAGE_KEYS.user, '{"broken":');
    renderProvider();
    expect(screen.getByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("keeps a remembered sign-in in localStorage ('Remember me' checked)", () => {
    renderProvider();
    const token = makeToken();
    act(() => session.signIn({ access_token: token, user: makeUser() }, { remember: true }));
    expect(screen.getByText('status: authenticated; user: Maya')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      _id: 'u1',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps an unremembered sign-in in sessionStorage only, replacing a remembered one', () => {
    seedSession({}, { remember: true });
    renderProvider();
    const token = makeToken();
    act(() => session.signIn({ access_token: token, user: makeUser() }, { remember: false }));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(session.status).toBe('authenticated');
  });

  it('renews the token a minute before it expires and stays signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const renewed = makeToken(900);
    const fetchMock = mockFetch({
      'POST /api/auth/refresh': { body: { access_token: renewed, user: makeUser() } },
    });
    seedSession({ token: makeToken(150) });
    renderProvider();
    expect(session.status).toBe('authenticated');

    await act(() => vi.advanceTimersByTimeAsync(89_000));
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(callKeys(fetchMock)).toEqual(['POST /api/auth/refresh']);
    expect(session.status).toBe('authenticated');
    expect(session.token).toBe(renewed);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
  });

  it('signs out when the token is due and the session has ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    mockFetch({ 'POST /api/auth/refresh': sessionEnded });
    seedSession({ token: makeToken(90) });
    renderProvider();
    expect(session.status).toBe('authenticated');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(session.status).toBe('anonymous');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The login page will say why.
    expect(takeSessionEndedNote()).toBe(true);
  });

  it('offline, keeps the session until the token expires, then counts as signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    seedSession({ token: makeToken(90) });
    renderProvider();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(session.status).toBe('authenticated');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(session.status).toBe('anonymous');
    // Nothing is cleared: the refresh cookie may renew it once the network is back.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });

  it('updates the stored user, then signs out', () => {
    seedSession({}, { remember: false });
    renderProvider();
    act(() => session.updateUser({ isPhoneVerified: true, firstName: 'Ana' }));
    expect(session.user).toMatchObject({
      firstName: 'Ana',
      isPhoneVerified: true,
      lastName: 'Lopez',
    });
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      firstName: 'Ana',
    });

    act(() => session.signOut());
    expect(session.status).toBe('anonymous');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('signing out ends the session on the server with the token it held', () => {
    const token = makeToken();
    const fetchMock = mockFetch({ 'POST /api/auth/logout': { body: { message: 'Signed out' } } });
    seedSession({ token });
    renderProvider();
    act(() => session.signOut());
    // Logging out on purpose leaves no 'session has ended' note.
    expect(takeSessionEndedNote()).toBe(false);
    expect(callKeys(fetchMock)).toEqual(['POST /api/auth/logout']);
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({
      Authorization: `Bearer ${token}`,
    });
    expect(session.status).toBe('anonymous');
    expect(readSession()).toEqual({ token: null, user: null });
  });
});

describe('tokenExpiresAt', () => {
  it("reads the token's expiry in milliseconds", () => {
    const token = makeToken(120);
    const seconds = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
      .exp as number;
    expect(tokenExpiresAt(token)).toBe(seconds * 1000);
  });

  it.each(['not-a-jwt', 'a.b.c', 'a..c', `x.${btoa('{"sub":"u1"}')}.y`])(
    'is null for %s',
    (token) => {
      expect(tokenExpiresAt(token)).toBeNull();
    },
  );
});
