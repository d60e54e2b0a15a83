import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ErrorCode } from '#shared/contract/errors';
import { formatUsPhone, isRealPhone, normaliseUsPhone } from '#shared/contract/fields';
import { VERIFICATION_CODE_LENGTH } from '#shared/domain/limits';
import { sendVerificationCode } from '#web/lib/api/send-verification-code';
import { updateUserFailureText, useUpdateUser } from '#web/lib/api/update-user';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useVerifyPhoneCode } from '#web/lib/api/verify-phone-code';
import { ApiError } from '#web/lib/api-client';
import { hasCode, messageOf } from '#web/lib/error-text';
import { formatPhoneInput } from '#web/lib/phone-input';
import { useSession } from '#web/lib/session';
import { clockText, useCountdown } from '#web/lib/use-countdown';
import { useStillAhead } from '#web/lib/use-still-ahead';
import { isCompleteVerificationCode, verificationCodeDigits } from '#web/lib/verification-code';
import { Button } from './button';
import { IconPhone } from './icons';
import { Modal } from './modal';
import { PhoneField } from './phone-field';
import { TextField } from './text-field';

export const VERIFICATION_MESSAGES = {
  sendFailed: 'Failed to send verification code',
  verifyFailed: 'Failed to verify code',
  verified: 'Phone number verified',
  codeStillLive: 'The code we texted you earlier still works. Enter it here.',
  alreadyHaveCode: 'I already have a code',
} as const;

type View = 'enter' | 'confirm' | 'code';

/** One error toast at a time: a new failure replaces the last, success clears it. */
const ERROR_TOAST = { id: 'phone-verification-error' } as const;

/**
 * Answers that no code can fix: Verify stays off and the message (which says what to do next)
 * stays at the field until a new code is sent.
 */
const CODE_DEAD: ErrorCode[] = [
  'PHONE_CODE_EXPIRED',
  'PHONE_CODE_LOCKED',
  'PHONE_CODE_MISSING',
  'PHONE_CHANGED',
  'PHONE_CODE_BUDGET_SPENT',
  'PHONE_TAKEN',
];

const FORM_ID = 'phone-verification-form';

interface PhoneVerificationModalProps {
  open: boolean;
  /** Closing without verifying (Escape, the close button, 'Later') and after success. */
  onClose: () => void;
}

/**
 * Phone verification, three views: enter a number (when the profile has none), confirm and send,
 * then the 6-digit code. 'Resend Code' goes back a view with the code cleared. Used by the
 * dashboard's prompt and the profile.
 *
 * Whether a code is live comes from the server (the verification status: until when the last
 * code works, and when a new one may be sent), so a dialog opened on another page or tab offers
 * the code sent from the first, and the dialog never says a text went out that did not.
 */
export function PhoneVerificationModal({ open, onClose }: PhoneVerificationModalProps) {
  const { user } = useSession();
  // The first view depends on the user's number: wait until the session has read it.
  if (!open || !user) return null;
  return <VerificationDialog key={user._id} onClose={onClose} />;
}

function VerificationDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const updateUser = useUpdateUser();
  const verifyPhoneCode = useVerifyPhoneCode();
  const status = useVerificationStatus();
  const hasPhone = isRealPhone(user?.phoneNumber);
  const [view, setView] = useState<View>(hasPhone ? 'confirm' : 'enter');
  const [sentFrom, setSentFrom] = useState<Exclude<View, 'code'>>('confirm');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // Each failure remounts the announcement, so the same message twice is announced twice.
  const [failures, setFailures] = useState(0);
  // The server refused the code for good (expired, locked, …): Verify stays off until a new one.
  const [codeDead, setCodeDead] = useState(false);
  const [codeMinutes, setCodeMinutes] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown();
  const sendButton = useRef<HTMLButtonElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const codeLive = useStillAhead(status.codeExpiresAt) && !codeDead;

  // Opened while a resend must still wait (a code sent moments ago elsewhere): count it down.
  const { start: startCooldown } = cooldown;
  const { resendAvailableAt } = status;
  useEffect(() => {
    if (resendAvailableAt === null) return;
    const seconds = Math.ceil((resendAvailableAt - Date.now()) / 1000);
    if (seconds > 0) startCooldown(seconds);
  }, [resendAvailableAt, startCooldown]);

  const storedPhone = user?.phoneNumber ?? '';
  const shownPhone = formatUsPhone(storedPhone);
  const coolingDown = cooldown.secondsLeft > 0;
  const withCountdown = (label: string) =>
    coolingDown ? `${label} (${clockText(cooldown.secondsLeft)})` : label;

  const showCodeView = (from: Exclude<View, 'code'>) => {
    setSentFrom(from);
    setCode('');
    setCodeError(null);
    setView('code');
  };

  /** Texts a code to `phoneNumber` (the profile's number) and shows the code view. */
  const sendCode = async (phoneNumber: string, from: Exclude<View, 'code'>) => {
    const expiresInSeconds = await sendVerificationCode(phoneNumber);
    status.codeSent(expiresInSeconds);
    setCodeDead(false);
    setCodeMinutes(Math.round(expiresInSeconds / 60));
    setNotice(null);
    showCodeView(from);
  };

  /**
   * A refused send sent nothing: the server's words say why. When the refusal is for now (429:
   * too soon, too many today) and a code sent earlier is still live — the server is asked, as
   * that code may have come from another tab — its field comes back; otherwise there is nothing
   * to enter. Asked again too soon, the wait counts down on the send buttons.
   */
  const onSendFailed = async (error: unknown, from: Exclude<View, 'code'>) => {
    const message = messageOf(error, VERIFICATION_MESSAGES.sendFailed);
    if (hasCode(error, 'PHONE_CODE_COOLDOWN') && error instanceof ApiError) {
      if (error.retryAfterSeconds) cooldown.start(error.retryAfterSeconds);
    }
    const refusedForNow = error instanceof ApiError && error.status === 429;
    const current = refusedForNow && !codeDead ? await status.refresh() : undefined;
    const live = current?.codeExpiresAt ? Date.parse(current.codeExpiresAt) > Date.now() : false;
    if (!live) {
      toast.error(message, ERROR_TOAST);
      return;
    }
    toast.dismiss(ERROR_TOAST.id);
    setCodeMinutes(null);
    setNotice(`${message} ${VERIFICATION_MESSAGES.codeStillLive}`);
    showCodeView(from);
  };

  const submitPhone = async () => {
    const result = normaliseUsPhone(phone);
    if (!result.ok) {
      setPhoneError(result.message);
      return;
    }
    setPhoneError(null);
    setBusy(true);
    try {
      // The profile gets the number first; the code goes to the profile's number (a code sent
      // to the old one is then no longer live: the status says so).
      if (result.value !== storedPhone) {
        try {
          await updateUser({ phoneNumber: result.value });
        } catch (error) {
          // Shown under the number it is about, not as a toast as well.
          setPhoneError(updateUserFailureText(error));
          return;
        }
      }
      await sendCode(result.value, 'enter');
      toast.dismiss(ERROR_TOAST.id);
    } catch (error) {
      await onSendFailed(error, 'enter');
    } finally {
      setBusy(false);
    }
  };

  const submitConfirm = async () => {
    setBusy(true);
    try {
      await sendCode(storedPhone, 'confirm');
      toast.dismiss(ERROR_TOAST.id);
    } catch (error) {
      await onSendFailed(error, 'confirm');
    } finally {
      setBusy(false);
    }
  };

  /** A refused code: said at the field and announced, with focus back in the field to retry. */
  const refuseCode = (message: string) => {
    setCodeError(message);
    setFailures((count) => count + 1);
    const input = codeInput.current;
    input?.focus();
    input?.select();
  };

  const submitCode = async () => {
    if (!isCompleteVerificationCode(code) || codeDead) return;
    setBusy(true);
    setCodeError(null);
    try {
      await verifyPhoneCode(code);
    } catch (error) {
      setBusy(false);
      if (hasCode(error, ...CODE_DEAD)) {
        setCodeDead(true);
        void status.refresh();
      }
      const fieldMessage = error instanceof ApiError ? error.fields.code : undefined;
      refuseCode(fieldMessage ?? messageOf(error, VERIFICATION_MESSAGES.verifyFailed));
      return;
    }
    toast.dismiss(ERROR_TOAST.id);
    toast.success(VERIFICATION_MESSAGES.verified);
    setBusy(false);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (view === 'enter') void submitPhone();
    else if (view === 'confirm') void submitConfirm();
    else void submitCode();
  };

  const resend = () => {
    setCode('');
    setCodeError(null);
    setNotice(null);
    if (sentFrom === 'enter') setPhone(formatUsPhone(storedPhone));
    setView(sentFrom);
  };

  const useOtherNumber = () => {
    setPhone(formatPhoneInput(storedPhone));
    setPhoneError(null);
    setView('enter');
  };

  const enterCode = (digits: string) => {
    setCode(digits);
    if (!codeDead) setCodeError(null);
  };

  /**
   * A pasted code keeps only its digits, whatever the clipboard holds ("465 752", the whole
   * text): the browser's own paste would cut it at the field's length first.
   */
  const pasteCode = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? code.length;
    const end = input.selectionEnd ?? code.length;
    enterCode(verificationCodeDigits(code.slice(0, start) + pasted + code.slice(end)));
  };

  const later = (
    <Button variant="ghost" onClick={onClose} disabled={busy}>
      Later
    </Button>
  );

  const footer =
    view === 'code' ? (
      <>
        <Button variant="secondary" onClick={resend} disabled={busy || coolingDown}>
          <span className="tabular-nums">{withCountdown('Resend Code')}</span>
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          loading={busy}
          disabled={!isCompleteVerificationCode(code) || codeDead}
        >
          Verify
        </Button>
      </>
    ) : (
      <>
        {later}
        <Button
          ref={sendButton}
          type="submit"
          form={FORM_ID}
          loading={busy}
          disabled={(view === 'enter' ? !phone.trim() : !storedPhone) || coolingDown}
        >
          <span className="tabular-nums">{withCountdown('Send Code')}</span>
        </Button>
      </>
    );

  const description =
    view === 'code' ? (
      <>
        Enter the {VERIFICATION_CODE_LENGTH}-digit code we texted to{' '}
        <span className="whitespace-nowrap">{shownPhone}</span>.
      </>
    ) : (
      'Sailpost texts you your daily drafts to approve. Verify your number to receive them.'
    );

  // A code still working (sent here, or earlier from another page or tab): the way to its field.
  const alreadyHaveCode = codeLive ? (
    <button
      type="button"
      onClick={() => setView('code')}
      disabled={busy}
      className="mt-4 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
    >
      {VERIFICATION_MESSAGES.alreadyHaveCode}
    </button>
  ) : null;

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      size="sm"
      // Confirming: the main action is ready to press; otherwise the field to fill in.
      initialFocus={view === 'confirm' ? sendButton : undefined}
      title={view === 'code' ? 'Enter your code' : 'Verify your phone number'}
      description={description}
      footer={footer}
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
        {view === 'enter' ? (
          <>
            <PhoneField
              label="Mobile phone (US)"
              value={phone}
              onChange={(value) => {
                setPhone(value);
                setPhoneError(null);
              }}
              error={phoneError ?? undefined}
              hint="We'll save it to your profile and text you a code."
              disabled={busy}
            />
            {alreadyHaveCode}
          </>
        ) : null}

        {view === 'confirm' ? (
          <>
            <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <IconPhone aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-600">We&apos;ll text a code to</p>
                <p className="text-base font-semibold text-slate-900">{shownPhone}</p>
              </div>
              <button
                type="button"
                onClick={useOtherNumber}
                disabled={busy}
                className="shrink-0 rounded text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
              >
                Change
              </button>
            </div>
            {alreadyHaveCode}
          </>
        ) : null}

        {view === 'code' ? (
          <>
            {notice ? (
              <p
                role="status"
                className="mb-4 rounded-lg bg-brand-50 px-3.5 py-2.5 text-sm text-brand-900"
              >
                {notice}
              </p>
            ) : null}
            <TextField
              ref={codeInput}
              label="Verification code"
              value={code}
              onChange={(event) => enterCode(verificationCodeDigits(event.target.value))}
              onPaste={pasteCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              placeholder="123456"
              error={codeError ?? undefined}
              hint={
                codeMinutes === null
                  ? 'Use the code from our last text.'
                  : `The code works for ${codeMinutes} minutes.`
              }
              className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
              // Read-only, not disabled, while checking: a disabled field would lose the focus.
              readOnly={busy}
              autoFocus
            />
            <p key={failures} role="alert" className="sr-only">
              {codeError}
            </p>
          </>
        ) : null}
      </form>
    </Modal>
  );
}
