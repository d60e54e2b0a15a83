import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_PLACEHOLDER } from '#shared/domain/limits';
import { ApiError } from '#web/lib/api-client';
import { MissingUserIdError, updateUser, updateUserFailureText } from '#web/lib/api/update-user';
import { readSession } from '#web/lib/session-storage';
import { makeUser, makeVerificationStatus, seedSession } from '#web/test/fixtures';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { ProfilePage } from './profile-page';

const renderProfile = (
  {
    phoneNumber = '+15555550123',
    isVerified = false,
    smsOptedOut = false,
  }: { phoneNumber?: string; isVerified?: boolean; smsOptedOut?: boolean } = {},
  answers: Record<string, MockAnswer> = {},
) => {
  seedSession({ user: makeUser({ phoneNumber, isPhoneVerified: isVerified, smsOptedOut }) });
  const fetchMock = mockFetch({
    'GET /api/auth/verification-status': { body: makeVerificationStatus(isVerified) },
    ...answers,
  });
  renderScreen('/profile', <ProfilePage />, { at: '/profile' });
  return { fetchMock, user: userEvent.setup() };
};

const phoneInput = () => screen.getByLabelText('Mobile phone (US)');
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('ProfilePage', () => {
  it('shows the name, a read-only email and the formatted phone with its badge', async () => {
    renderProfile({ isVerified: true });
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lopez');
    expect(screen.getByLabelText('Email')).toHaveValue('maya@harbor.coffee');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(phoneInput()).toHaveValue('(555) 555-0123');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify phone' })).not.toBeInTheDocument();
  });

  it('says texts are off after STOP, and offers to verify again (which turns them back on)', async () => {
    const { user } = renderProfile({ isVerified: true, smsOptedOut: true });
    expect(
      await screen.findByText(/Texts are off: you replied STOP\. Text START to us/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify again' }));
    expect(screen.getByRole('dialog', { name: 'Verify your phone number' })).toBeInTheDocument();
  });

  it('reads the account again, so a STOP texted since sign-in shows', async () => {
    renderProfile(
      { isVerified: true },
      { 'GET /api/auth/me': { body: makeUser({ isPhoneVerified: true, smsOptedOut: true }) } },
    );
    expect(await screen.findByText(/Texts are off: you replied STOP\./)).toBeInTheDocument();
  });

  it("says 'Not verified' and offers to verify", async () => {
    const { user } = renderProfile();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(screen.getByRole('dialog', { name: 'Verify your phone number' })).toBeInTheDocument();
  });

  it('formats the phone as (XXX) XXX-XXXX while typing', async () => {
    const { user } = renderProfile({ phoneNumber: PHONE_PLACEHOLDER });
    expect(phoneInput()).toHaveValue('');
    await user.type(phoneInput(), '415');
    expect(phoneInput()).toHaveValue('(415)');
    await user.type(phoneInput(), '5550');
    expect(phoneInput()).toHaveValue('(415) 555-0');
    await user.type(phoneInput(), '142999');
    expect(phoneInput()).toHaveValue('(415) 555-0142');
    await user.type(phoneInput(), '{Backspace}{Backspace}');
    expect(phoneInput()).toHaveValue('(415) 555-01');
  });

  it('keeps a leading 1 readable while typing and saves the 10 digits', async () => {
    const { user } = renderProfile({ phoneNumber: PHONE_PLACEHOLDER });
    await user.type(phoneInput(), '1415555');
    expect(phoneInput()).toHaveValue('1 (415) 555');
    await user.type(phoneInput(), '0142');
    expect(phoneInput()).toHaveValue('(415) 555-0142');
  });

  it('never shows Verified beside a new, unsaved number', async () => {
    const { user } = renderProfile({ isVerified: true });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    await user.type(phoneInput(), '{Backspace}9');
    expect(phoneInput()).toHaveValue('(555) 555-0129');
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    // Back to the saved number: it is the verified one again.
    await user.type(phoneInput(), '{Backspace}3');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
  });

  it('validates the names and the phone', async () => {
    const { user, fetchMock } = renderProfile({ phoneNumber: PHONE_PLACEHOLDER });
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(save());
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(
      screen.getByText('Phone number is required for 2FA and content updates'),
    ).toBeInTheDocument();

    await user.type(phoneInput(), '41555');
    await user.click(save());
    expect(
      await screen.findByText('Please enter a valid 10-digit phone number'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/u1')).toHaveLength(0);
  });

  it('saves with +1 in front, updates the stored user and shows the reset verification', async () => {
    const updated = makeUser({
      firstName: 'Mia',
      phoneNumber: '+14155550142',
      isPhoneVerified: false,
    });
    // The server resets verification when the number changes.
    let verified = true;
    const { user, fetchMock } = renderProfile(
      { isVerified: true },
      {
        'GET /api/auth/verification-status': async () =>
          jsonResponse(makeVerificationStatus(verified)),
        'PUT /api/users/u1': async () => {
          verified = false;
          return jsonResponse(updated);
        },
      },
    );
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Mia');
    await user.clear(phoneInput());
    await user.type(phoneInput(), '4155550142');
    await user.click(save());

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/u1')).toEqual([
      { firstName: 'Mia', lastName: 'Lopez', phoneNumber: '+14155550142' },
    ]);
    expect(readSession().user).toMatchObject({ firstName: 'Mia', phoneNumber: '+14155550142' });
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });

  it('explains a phone number that belongs to someone else', async () => {
    const { user } = renderProfile(
      {},
      {
        'PUT /api/users/u1': {
          status: 409,
          body: {
            statusCode: 409,
            code: 'PHONE_TAKEN',
            message: 'Phone number already in use',
            error: 'Conflict',
          },
        },
      },
    );
    await user.clear(phoneInput());
    await user.type(phoneInput(), '4155550142');
    await user.click(save());
    // Decided by its code, whatever the server's wording; in the banner and at the field, no toast.
    const message = 'This phone number is already registered to another user';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(phoneInput()).toHaveAccessibleDescription(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(phoneInput()).toHaveValue('(415) 555-0142');
  });

  it('says the profile was changed in another window, and keeps what was typed', async () => {
    const { user } = renderProfile(
      {},
      {
        'PUT /api/users/u1': {
          status: 409,
          body: {
            statusCode: 409,
            code: 'PROFILE_CHANGED',
            message: 'Conflict on the user item',
            error: 'Conflict',
          },
        },
      },
    );
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Mia');
    await user.clear(phoneInput());
    await user.type(phoneInput(), '4155550142');
    await user.click(save());
    // Decided by its code, whatever the server's wording; in the banner, at no field.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your profile was changed in another window. Reload it and try again.',
    );
    expect(phoneInput()).not.toHaveAccessibleDescription(/another window/);
    expect(screen.getByLabelText('First name')).toHaveValue('Mia');
    expect(phoneInput()).toHaveValue('(415) 555-0142');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeEnabled();
  });
});

describe('updateUserFailureText', () => {
  const taken = 'This phone number is already registered to another user';

  it.each([
    [new ApiError(409, 'PHONE_TAKEN', 'E11000 duplicate key error collection: users'), taken],
    [new ApiError(409, 'PHONE_TAKEN', ''), taken],
    [
      new ApiError(409, 'PROFILE_CHANGED', ''),
      'Your profile was changed in another window. Reload it and try again.',
    ],
    [
      new ApiError(500, 'INTERNAL_ERROR', 'Internal server error'),
      'An unexpected error occurred. Please try again later.',
    ],
    [new ApiError(400, 'VALIDATION_FAILED', 'Last name is required'), 'Last name is required'],
    [new ApiError(0, undefined, ''), 'Failed to update profile'],
    [new Error('boom'), 'Failed to update profile'],
    [new MissingUserIdError(), 'No user ID found'],
  ])('%s → %s', (error, expected) => {
    expect(updateUserFailureText(error)).toBe(expected);
  });

  it("refuses an update without a user id: 'No user ID found'", async () => {
    await expect(updateUser(undefined, { firstName: 'Maya' })).rejects.toThrow('No user ID found');
  });
});

describe('Sign out everywhere', () => {
  const renderWithLogin = (answers: Record<string, MockAnswer>) => {
    seedSession({ user: makeUser() });
    const fetchMock = mockFetch({
      'GET /api/auth/verification-status': { body: makeVerificationStatus(false) },
      ...answers,
    });
    renderScreen('/profile', <ProfilePage />, {
      at: '/profile',
      routes: [{ path: '/login', element: <PathProbe name="login" /> }],
    });
    return { fetchMock, user: userEvent.setup() };
  };

  it('asks first; Cancel ends nothing', async () => {
    const { fetchMock, user } = renderWithLogin({});
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('including this one');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callKeys(fetchMock)).not.toContain('POST /api/auth/logout-all');
    expect(readSession().token).not.toBeNull();
  });

  it('on confirming ends every session, forgets this one and goes to /login with a toast', async () => {
    const { fetchMock, user } = renderWithLogin({
      'POST /api/auth/logout-all': { body: { message: 'Signed out on every device' } },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Screen: login')).toBeInTheDocument();
    expect(await screen.findByText('Signed out on every device')).toBeInTheDocument();
    expect(readSession()).toEqual({ token: null, user: null });
    expect(callKeys(fetchMock)).toContain('POST /api/auth/logout-all');
    // The server already ended this session: no second sign-out call.
    expect(callKeys(fetchMock)).not.toContain('POST /api/auth/logout');
  });

  it('says so and stays signed in when the server cannot be reached', async () => {
    const { user } = renderWithLogin({
      'POST /api/auth/logout-all': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out everywhere' }),
    );
    expect(await screen.findByText('Failed to sign out everywhere')).toBeInTheDocument();
    expect(readSession().token).not.toBeNull();
  });
});
