import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PHONE_PLACEHOLDER } from '#shared/domain/limits';
import { readSession } from '#web/lib/session-storage';
import { makeUser, makeVerificationStatus, seedSession } from '#web/test/fixtures';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { PhoneVerificationModal } from './phone-verification-modal';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'modal open' : 'modal closed'}</p>
      <PhoneVerificationModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The status of an unverified phone without a live code. */
const NO_CODE = makeVerificationStatus(false);

/** The status of an unverified phone whose code works `minutes` more; a resend waits `wait` s. */
const liveCode = (minutes: number, wait = 0) =>
  makeVerificationStatus(false, {
    codeExpiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    resendAvailableAt: wait ? new Date(Date.now() + wait * 1000).toISOString() : null,
  });

const refusal = (code: string, message: string, retryAfter?: number) => async () =>
  new Response(JSON.stringify({ statusCode: 429, code, message, error: 'Too Many Requests' }), {
    status: 429,
    headers: {
      'Content-Type': 'application/json',
      ...(retryAfter ? { 'Retry-After': String(retryAfter) } : {}),
    },
  });

const renderModal = (
  { phoneNumber = '+15555550123' }: { phoneNumber?: string } = {},
  answers: Record<string, MockAnswer> = {},
) => {
  const user = makeUser({ phoneNumber, isPhoneVerified: false });
  seedSession({ user });
  const fetchMock = mockFetch({
    'GET /api/auth/verification-status': { body: NO_CODE },
    'POST /api/auth/2fa/enable': {
      body: { message: 'Verification code sent', expiresInSeconds: 600 },
    },
    'POST /api/auth/2fa/verify': { body: { isVerified: true, message: 'Phone number verified' } },
    'GET /api/auth/me': { body: { ...user, isPhoneVerified: true } },
    ...answers,
  });
  renderScreen('/profile', <Harness />, { at: '/profile' });
  return { fetchMock, user: userEvent.setup() };
};

const dialog = () => screen.getByRole('dialog');

describe('PhoneVerificationModal', () => {
  it('asks for a number when the profile has the placeholder, saves it, then sends the code', async () => {
    const { fetchMock, user } = renderModal(
      { phoneNumber: PHONE_PLACEHOLDER },
      {
        'PUT /api/users/u1': {
          body: makeUser({ phoneNumber: '+14155550142', isPhoneVerified: false }),
        },
      },
    );
    const phone = within(dialog()).getByLabelText('Mobile phone (US)');
    const send = within(dialog()).getByRole('button', { name: 'Send Code' });
    expect(send).toBeDisabled();

    await user.type(phone, '4155550142');
    expect(phone).toHaveValue('(415) 555-0142');
    expect(send).toBeEnabled();
    await user.click(send);

    expect(await within(dialog()).findByLabelText('Verification code')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('we texted to (415) 555-0142');
    const order = callKeys(fetchMock).filter((key) => /users|2fa/.test(key));
    expect(order).toEqual(['PUT /api/users/u1', 'POST /api/auth/2fa/enable']);
    expect(bodiesSentTo(fetchMock, 'PUT /api/users/u1')).toEqual([{ phoneNumber: '+14155550142' }]);
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/2fa/enable')).toEqual([
      { phoneNumber: '+14155550142', isVerification: true },
    ]);
    expect(readSession().user?.phoneNumber).toBe('+14155550142');
  });

  it("shows the profile's refusal of the number", async () => {
    const { fetchMock, user } = renderModal(
      { phoneNumber: PHONE_PLACEHOLDER },
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
    await user.type(within(dialog()).getByLabelText('Mobile phone (US)'), '4155550142');
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    // Decided by its code; shown under the number only (no toast as well).
    const message = 'This phone number is already registered to another user';
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(callKeys(fetchMock)).not.toContain('POST /api/auth/2fa/enable');
  });

  it('confirms the number on file, sends, and takes exactly 6 digits', async () => {
    const { fetchMock, user } = renderModal();
    expect(dialog()).toHaveTextContent("We'll text a code to(555) 555-0123");
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/2fa/enable')).toEqual([
      { phoneNumber: '+15555550123', isVerification: true },
    ]);

    const input = await within(dialog()).findByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    const verify = within(dialog()).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(input, '12a3-45');
    expect(input).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(input, '67');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();
  });

  it("'Resend Code' goes back to the previous view and clears the code", async () => {
    const { fetchMock, user } = renderModal();
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(dialog()).findByLabelText('Verification code'), '123');
    await user.click(within(dialog()).getByRole('button', { name: 'Resend Code' }));

    expect(within(dialog()).queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(dialog()).toHaveTextContent("We'll text a code to(555) 555-0123");
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(await within(dialog()).findByLabelText('Verification code')).toHaveValue('');
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/2fa/enable')).toHaveLength(2);
  });

  it("toasts the server's message when sending fails", async () => {
    const { user } = renderModal(
      {},
      {
        'POST /api/auth/2fa/enable': {
          status: 429,
          body: {
            statusCode: 429,
            code: 'SMS_LIMIT_REACHED',
            message: 'Too many codes were sent to this number today. Please try again in 5 hours.',
            error: 'Too Many Requests',
          },
        },
      },
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(
      await screen.findByText(
        'Too many codes were sent to this number today. Please try again in 5 hours.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('after Resend, a cooldown keeps the code field and counts down on Resend Code', async () => {
    let sends = 0;
    const { fetchMock, user } = renderModal(
      {},
      {
        'GET /api/auth/verification-status': async () =>
          jsonResponse(sends === 0 ? NO_CODE : liveCode(10)),
        'POST /api/auth/2fa/enable': async () =>
          ++sends === 1
            ? jsonResponse({ message: 'Verification code sent', expiresInSeconds: 600 })
            : new Response(
                JSON.stringify({
                  statusCode: 429,
                  code: 'PHONE_CODE_COOLDOWN',
                  message: 'Please wait 25 seconds before requesting a new code.',
                  error: 'Too Many Requests',
                }),
                { status: 429, headers: { 'Retry-After': '25' } },
              ),
      },
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Resend Code' }));
    // Back on the confirm view, the code sent is one click away.
    expect(within(dialog()).getByRole('button', { name: 'I already have a code' })).toBeVisible();
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));

    const input = await within(dialog()).findByLabelText('Verification code');
    // Nothing was sent: the server's words, and the code sent before still works.
    expect(within(dialog()).getByRole('status')).toHaveTextContent(
      'Please wait 25 seconds before requesting a new code. The code we texted you earlier still works. Enter it here.',
    );
    const resend = within(dialog()).getByRole('button', { name: /^Resend Code \(0:2\d\)$/ });
    expect(resend).toBeDisabled();
    await user.type(input, '123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('modal closed')).toBeInTheDocument();
    expect(sends).toBe(2);
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/2fa/verify')).toEqual([
      { code: '123456', isVerification: true },
    ]);
  });

  it('opened afresh while a code is live, offers its field and counts down to a resend', async () => {
    const { fetchMock, user } = renderModal(
      {},
      { 'GET /api/auth/verification-status': { body: liveCode(8, 20) } },
    );
    const haveCode = await within(dialog()).findByRole('button', { name: 'I already have a code' });
    expect(
      within(dialog()).getByRole('button', { name: /^Send Code \(0:(19|20)\)$/ }),
    ).toBeDisabled();
    await user.click(haveCode);
    expect(within(dialog()).getByLabelText('Verification code')).toHaveValue('');
    expect(dialog()).not.toHaveTextContent(/texted you a code/i);
    expect(callKeys(fetchMock)).not.toContain('POST /api/auth/2fa/enable');
  });

  it('opened afresh without a live code, offers no code field', async () => {
    const { fetchMock } = renderModal();
    await waitFor(() => expect(callKeys(fetchMock)).toContain('GET /api/auth/verification-status'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      within(dialog()).queryByRole('button', { name: 'I already have a code' }),
    ).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });

  it('a refused send without a live code shows the server’s words and no code field', async () => {
    const message = 'Please wait 25 seconds before requesting a new code.';
    const { user } = renderModal(
      {},
      { 'POST /api/auth/2fa/enable': refusal('PHONE_CODE_COOLDOWN', message, 25) },
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(
      within(dialog()).queryByRole('button', { name: 'I already have a code' }),
    ).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/texted you a code/i);
    expect(within(dialog()).getByRole('button', { name: /^Send Code \(0:2\d\)$/ })).toBeDisabled();
  });

  it('a refused send while a code is live shows the server’s words and that code’s field', async () => {
    const message =
      'Too many verification texts were requested from your network. Please try again in 40 minutes.';
    let statusReads = 0;
    const { user } = renderModal(
      {},
      {
        // Opened before any code; the refusal's check finds the one sent from another tab.
        'GET /api/auth/verification-status': async () =>
          jsonResponse(++statusReads === 1 ? NO_CODE : liveCode(6)),
        'POST /api/auth/2fa/enable': refusal('SMS_LIMIT_REACHED', message, 2400),
      },
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    const input = await within(dialog()).findByLabelText('Verification code');
    const notice = within(dialog()).getByRole('status');
    expect(notice).toHaveTextContent(message);
    expect(notice).toHaveTextContent('The code we texted you earlier still works. Enter it here.');
    expect(document.body).not.toHaveTextContent(/moments ago/i);
    await user.type(input, '123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('modal closed')).toBeInTheDocument();
  });

  it('"I already have a code" goes back to the code field after Resend', async () => {
    const { user } = renderModal();
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Resend Code' }));
    await user.click(within(dialog()).getByRole('button', { name: 'I already have a code' }));
    expect(within(dialog()).getByLabelText('Verification code')).toHaveValue('');
  });

  it('shows a wrong code at the field, announces it and keeps the focus there', async () => {
    const message = 'Invalid verification code. 2 tries left.';
    const { user } = renderModal(
      {},
      {
        'POST /api/auth/2fa/verify': {
          status: 400,
          body: {
            statusCode: 400,
            code: 'PHONE_CODE_WRONG',
            message,
            error: 'Bad Request',
            fields: { code: message },
          },
        },
      },
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    const input = await within(dialog()).findByLabelText('Verification code');
    await user.type(input, '000000');
    await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('000000');
    expect(screen.getByText('modal open')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it.each(['PHONE_CODE_EXPIRED', 'PHONE_CODE_LOCKED'])(
    'after %s, Verify is off and the message says to request a new code',
    async (code) => {
      const message = 'Too many wrong codes. Please request a new one.';
      const { user } = renderModal(
        {},
        {
          'POST /api/auth/2fa/verify': {
            status: 400,
            body: {
              statusCode: 400,
              code,
              message,
              error: 'Bad Request',
              fields: { code: message },
            },
          },
        },
      );
      await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
      const input = await within(dialog()).findByLabelText('Verification code');
      await user.type(input, '000000');
      await user.click(within(dialog()).getByRole('button', { name: 'Verify' }));

      expect(await within(dialog()).findByRole('alert')).toHaveTextContent(message);
      const verify = within(dialog()).getByRole('button', { name: 'Verify' });
      expect(verify).toBeDisabled();
      await user.type(input, '{Backspace}1');
      expect(verify).toBeDisabled();
      expect(input).toHaveAccessibleDescription(message);
      expect(within(dialog()).getByRole('button', { name: 'Resend Code' })).toBeEnabled();
    },
  );

  it('a pasted "465 752" gives the whole code', async () => {
    const { user } = renderModal();
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    const input = await within(dialog()).findByLabelText('Verification code');
    input.focus();
    await user.paste('465 752');
    expect(input).toHaveValue('465752');
    expect(input).not.toHaveAttribute('maxlength');
    expect(within(dialog()).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('closes on success and refreshes the status and the user', async () => {
    const { fetchMock, user } = renderModal();
    await user.click(within(dialog()).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(dialog()).findByLabelText('Verification code'), '123456');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Phone number verified')).toBeInTheDocument();
    expect(screen.getByText('modal closed')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/auth/2fa/verify')).toEqual([
      { code: '123456', isVerification: true },
    ]);
    expect(readSession().user?.isPhoneVerified).toBe(true);
    await waitFor(() => expect(callKeys(fetchMock)).toContain('GET /api/auth/me'));
  });

  it('closes with Escape', async () => {
    const { user } = renderModal();
    expect(within(dialog()).getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByText('modal closed')).toBeInTheDocument();
  });
});
