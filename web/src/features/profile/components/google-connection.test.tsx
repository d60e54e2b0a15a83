import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/contract/users';
import type * as Navigation from '#web/lib/navigation';
import { leaveAppFor } from '#web/lib/navigation';
import { readSession } from '#web/lib/session-storage';
import { makeUser, makeVerificationStatus, seedSession } from '#web/test/fixtures';
import { bodiesSentTo, callKeys, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { ProfilePage } from '../profile-page';
import { GOOGLE_TEXTS } from './google-connection';

// The browser cannot leave jsdom for Google: the test sees where it would have gone.
vi.mock('#web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveAppFor: vi.fn(() => true),
}));

const GOOGLE_URL = 'https://accounts.google.com/o/oauth2/v2/auth?state=s';

const renderProfile = (
  account: Partial<User>,
  answers: Record<string, MockAnswer> = {},
  { googleSignIn = true, at = '/profile' } = {},
) => {
  const user = makeUser(account);
  seedSession({ user });
  const fetchMock = mockFetch({
    'GET /api/config': { body: { stage: 'test', sandbox: false, googleSignIn, analytics: null } },
    'GET /api/auth/verification-status': { body: makeVerificationStatus(false) },
    'GET /api/auth/me': { body: user },
    ...answers,
  });
  renderScreen('/profile', <ProfilePage />, { at });
  return { fetchMock, user: userEvent.setup() };
};

describe('GoogleConnection', () => {
  it('offers Link Google, asks for the password again, then goes to Google', async () => {
    const { fetchMock, user } = renderProfile(
      {},
      { 'POST /api/auth/google/link': { body: { url: GOOGLE_URL } } },
    );
    expect(await screen.findByText('Google: not connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link Google' }));
    const dialog = screen.getByRole('dialog', { name: 'Link Google' });
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Google' }));
    expect(screen.getByText(GOOGLE_TEXTS.passwordRequired)).toBeInTheDocument();
    expect(callKeys(fetchMock)).not.toContain('POST /api/auth/google/link');

    await user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Continue to Google' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith(GOOGLE_URL));
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/google/link')).toEqual([
      { password: 'correct-horse-battery' },
    ]);
  });

  it('says a wrong password in the dialog, and stays', async () => {
    vi.mocked(leaveAppFor).mockClear();
    const { user } = renderProfile(
      {},
      {
        'POST /api/auth/google/link': {
          status: 403,
          body: {
            statusCode: 403,
            code: 'WRONG_PASSWORD',
            message: 'That password is not right.',
            error: 'Forbidden',
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));
    await user.type(screen.getByLabelText('Password'), 'not-it-at-all');
    await user.click(screen.getByRole('button', { name: 'Continue to Google' }));
    expect(await screen.findByText(GOOGLE_TEXTS.wrongPassword)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Link Google' })).toBeInTheDocument();
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('shows the linked account masked, and unlinks it after a confirmation', async () => {
    const unlinked = makeUser({ googleEmail: null });
    const { fetchMock, user } = renderProfile(
      { googleEmail: 'a…@gmail.com' },
      { 'DELETE /api/auth/google/link': { body: unlinked } },
    );
    expect(await screen.findByText('a…@gmail.com')).toBeInTheDocument();
    expect(screen.getByText(/Google: connected as/)).toHaveTextContent(
      'Google: connected as a…@gmail.com',
    );
    expect(screen.queryByRole('button', { name: 'Link Google' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unlink Google?' });
    expect(dialog).toHaveTextContent('a…@gmail.com will no longer sign in to this account.');
    expect(callKeys(fetchMock)).not.toContain('DELETE /api/auth/google/link');
    await user.click(screen.getAllByRole('button', { name: 'Unlink' }).at(-1)!);

    expect(await screen.findByText(GOOGLE_TEXTS.unlinked)).toBeInTheDocument();
    expect(await screen.findByText('Google: not connected')).toBeInTheDocument();
    expect(readSession().user?.googleEmail).toBeNull();
  });

  it('does not offer to unlink Google from a Google-only account, and says why', async () => {
    renderProfile({ googleEmail: 'a…@gmail.com', googleOnly: true });
    expect(await screen.findByText(GOOGLE_TEXTS.googleOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeDisabled();
  });

  it('is not shown where Google sign-in is off and nothing is linked', async () => {
    const { fetchMock } = renderProfile({}, {}, { googleSignIn: false });
    await waitFor(() => expect(callKeys(fetchMock)).toContain('GET /api/config'));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByText('Google: not connected')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Google' })).not.toBeInTheDocument();
  });

  it('says how the link went on the way back from Google, once, and tidies the address', async () => {
    renderProfile({ googleEmail: 'a…@gmail.com' }, {}, { at: '/profile?google=linked' });
    expect(await screen.findByText(GOOGLE_TEXTS.linked)).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it("shows the server's words when the link was refused at the callback", async () => {
    const message =
      'That Google account already signs in to another Sailpost account, so it was not linked.';
    renderProfile({}, {}, { at: `/profile?google=failed&message=${encodeURIComponent(message)}` });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByText('Google: not connected')).toBeInTheDocument();
  });
});

describe('SessionList', () => {
  it('lists each sign-in with its method and time, and marks this device', async () => {
    renderProfile(
      {},
      {
        'GET /api/auth/sessions': {
          body: {
            sessions: [
              {
                id: 's2',
                method: 'google',
                signedInAt: '2026-11-27T12:20:00.000Z',
                current: true,
              },
              {
                id: 's1',
                method: 'password',
                signedInAt: '2026-11-20T09:00:00.000Z',
                current: false,
              },
              { id: 's0', method: null, signedInAt: '2026-11-01T09:00:00.000Z', current: false },
            ],
          },
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const items = Array.from(list.querySelectorAll('li'));
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Signed in with Google',
      'Signed in with password',
      'Signed in',
    ]);
    expect(items[0]).toHaveTextContent('This device');
    expect(items[1]).not.toHaveTextContent('This device');
    expect(items[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T09:00:00.000Z');
    expect(items[1]!.querySelector('time')?.textContent).toMatch(
      /^Nov 20, 2026, \d{1,2}:\d{2} [AP]M$/,
    );
  });
});
