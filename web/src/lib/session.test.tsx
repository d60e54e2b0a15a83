import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#shared/domain/limits';
import { makeToken, makeUser, seedSession } from '#web/test/fixtures';
import { SessionProvider, tokenExpiresAt, useSession, type SessionContextValue } from './session';

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

  it('clears an expired token', () => {
    seedSession({ token: makeToken(-60) });
    renderProvider();
    expect(screen.getByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears a token that does not decode', () => {
    seedSession({ token: 'not-a-jwt' }, { remember: false });
    renderProvider();
    expect(screen.getByText('status: anonymous; user: none')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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

  it('signs out when the token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    seedSession({ token: makeToken(90) });
    renderProvider();
    expect(session.status).toBe('authenticated');

    await act(() => vi.advanceTimersByTimeAsync(89_000));
    expect(session.status).toBe('authenticated');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(session.status).toBe('anonymous');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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
