import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ErrorCode } from '#shared/contract/errors';
import { formatUsPhone, isRealPhone, normaliseUsPhone } from '#shared/contract/fields';
import { VERIFICATION_CODE_LENGTH } from '#shared/domain/limits';
import { sendVerificationCode } from '#web/lib/api/send-verification-code';
import { updateUserFailureText, useUpdateUser } from '#web/lib/api/update-user';
import { useVerifyPhoneCode } from '#web/lib/api/verify-phone-code';
import { hasCode, messageOf } from '#web/lib/error-text';
import { formatPhoneInput } from '#web/lib/phone-input';
import { useSession } from '#web/lib/session';
import { Button } from './button';
import { IconPhone } from './icons';
import { Modal } from './modal';
import { PhoneField } from './phone-field';
import { TextField } from './text-field';

export const VERIFICATION_MESSAGES = {
  sendFailed: 'Failed to send verification code',
  verifyFailed: 'Failed to verify code',
  verified: 'Phone number verified',
} as const;

type View = 'enter' | 'confirm' | 'code';

/** One error toast at a time: a new failure replaces the last, success clears it. */
const ERROR_TOAST = { id: 'phone-verification-error' } as const;

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Answers to a code that can no longer work: the dialog goes back to sending a new one. */
const NEEDS_NEW_CODE: ErrorCode[] = [
  'PHONE_CODE_EXPIRED',
  'PHONE_CODE_LOCKED',
  'PHONE_CODE_MISSING',
  'PHONE_CHANGED',
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
  const hasPhone = isRealPhone(user?.phoneNumber);
  const [view, setView] = useState<View>(hasPhone ? 'confirm' : 'enter');
  const [sentFrom, setSentFrom] = useState<Exclude<View, 'code'>>('confirm');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);

  const storedPhone = user?.phoneNumber ?? '';
  const shownPhone = formatUsPhone(storedPhone);

  /** Texts a code to `phoneNumber` (the profile's number) and shows the code view. */
  const sendCode = async (phoneNumber: string, from: Exclude<View, 'code'>) => {
    await sendVerificationCode(phoneNumber);
    setSentFrom(from);
    setCode('');
    setView('code');
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
      // The profile gets the number first; the code goes to the profile's number.
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
      toast.error(messageOf(error, VERIFICATION_MESSAGES.sendFailed), ERROR_TOAST);
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
      toast.error(messageOf(error, VERIFICATION_MESSAGES.sendFailed), ERROR_TOAST);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async () => {
    if (!CODE_PATTERN.test(code)) return;
    setBusy(true);
    try {
      await verifyPhoneCode(code);
    } catch (error) {
      toast.error(messageOf(error, VERIFICATION_MESSAGES.verifyFailed), ERROR_TOAST);
      setBusy(false);
      if (hasCode(error, ...NEEDS_NEW_CODE)) resend();
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
    if (sentFrom === 'enter') setPhone(formatUsPhone(storedPhone));
    setView(sentFrom);
  };

  const useOtherNumber = () => {
    setPhone(formatPhoneInput(storedPhone));
    setPhoneError(null);
    setView('enter');
  };

  const later = (
    <Button variant="ghost" onClick={onClose} disabled={busy}>
      Later
    </Button>
  );

  const footer =
    view === 'code' ? (
      <>
        <Button variant="secondary" onClick={resend} disabled={busy}>
          Resend Code
        </Button>
        <Button type="submit" form={FORM_ID} loading={busy} disabled={!CODE_PATTERN.test(code)}>
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
          disabled={view === 'enter' ? !phone.trim() : !storedPhone}
        >
          Send Code
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
        ) : null}

        {view === 'confirm' ? (
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
        ) : null}

        {view === 'code' ? (
          <TextField
            label="Verification code"
            value={code}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))
            }
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder="123456"
            hint="The code works for 10 minutes."
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
            disabled={busy}
            autoFocus
          />
        ) : null}
      </form>
    </Modal>
  );
}
