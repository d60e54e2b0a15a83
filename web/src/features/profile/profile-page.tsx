import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { formatUsPhone, isRealPhone } from '#shared/contract/fields';
import type { User } from '#shared/contract/users';
import { Alert } from '#web/components/alert';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconCheckCircle, IconPhone } from '#web/components/icons';
import { NameFields } from '#web/components/name-fields';
import { PageHeader } from '#web/components/page-header';
import { PhoneField } from '#web/components/phone-field';
import { PhoneVerificationModal } from '#web/components/phone-verification-modal';
import { TextField } from '#web/components/text-field';
import { UnsavedChangesDialog } from '#web/components/unsaved-changes-dialog';
import { PROFILE_MESSAGES, updateUserFailureText, useUpdateUser } from '#web/lib/api/update-user';
import { fetchCurrentUser } from '#web/lib/api/current-user';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useQuery } from '#web/lib/query';
import { hasCode } from '#web/lib/error-text';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useSession } from '#web/lib/session';
import { useUnsavedChanges } from '#web/lib/use-unsaved-changes';
import { CookieSettings } from './components/cookie-settings';
import { ForumReplyEmails } from './components/forum-reply-emails';
import { GoogleConnection } from './components/google-connection';
import { ReplayTours } from './components/replay-tours';
import { SignOutEverywhere } from './components/sign-out-everywhere';
import { profileFormSchema, toStoredPhone, type ProfileFormValues } from './schemas';

const formValuesOf = (user: User | null): ProfileFormValues => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  phoneNumber: user && isRealPhone(user.phoneNumber) ? formatUsPhone(user.phoneNumber) : '',
});

/** /profile: name and phone are editable; the email is the sign-in and is not. */
export function ProfilePage() {
  const { user } = useSession();
  // The protected layout sends a visitor without a user to /login; until the session is read, wait.
  if (!user) return null;
  return <ProfileForm key={user._id} />;
}

const FIELD_NAMES = ['firstName', 'lastName', 'phoneNumber'] as const;

function ProfileForm() {
  const { user } = useSession();
  const updateUser = useUpdateUser();
  const { isVerified } = useVerificationStatus();
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(user),
  });
  // Saving resets the form to what was saved, so only edits not yet saved ask before leaving.
  const { blocker } = useUnsavedChanges(isDirty);

  const hasPhone = isRealPhone(user?.phoneNumber);
  // A STOP texted from the phone changes the account on the server, not the stored session user.
  const { data: current } = useQuery(
    user ? ['auth/me', user._id] : null,
    () => fetchCurrentUser(),
    {
      shouldRetryOnError: false,
    },
  );
  const textsOff = current?.smsOptedOut ?? user?.smsOptedOut ?? false;
  // Why drafts do not come by text, when they do not, and how to fix it.
  const phoneNotice =
    isVerified && hasPhone
      ? textsOff
        ? {
            text: 'Texts are off: you replied STOP. Text START to us, or verify your phone again, to get your drafts by text.',
            action: 'Verify again',
          }
        : null
      : {
          text: hasPhone
            ? `Verify ${formatUsPhone(user?.phoneNumber ?? '')} to receive your drafts by text.`
            : 'Add and verify your number to receive your drafts by text.',
          action: 'Verify phone',
        };

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const updated = await updateUser({
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: toStoredPhone(values.phoneNumber),
      });
      reset(formValuesOf(updated));
      toast.success(PROFILE_MESSAGES.updated);
    } catch (error) {
      setServerError(updateUserFailureText(error));
      if (hasCode(error, 'PHONE_TAKEN')) {
        setError('phoneNumber', { type: 'server', message: PROFILE_MESSAGES.phoneTaken });
      } else {
        applyFieldErrors(setError, error, FIELD_NAMES);
      }
    }
  });

  return (
    <div className="mx-auto max-w-3xl">
      <title>Profile · Sailpost</title>
      <PageHeader
        title="Profile"
        description="Your name, and the phone Sailpost texts your daily drafts to."
      />

      {serverError ? (
        <Alert tone="danger" className="mb-6">
          {serverError}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset disabled={isSubmitting} className={clsx(cardClasses, 'space-y-5 p-5 sm:p-6')}>
          <legend className="sr-only">Your details</legend>
          <h2 className="text-base font-semibold text-slate-900">Personal details</h2>
          <NameFields register={register} errors={errors} />
          <TextField
            label="Email"
            type="email"
            value={user?.email ?? ''}
            readOnly
            aria-readonly="true"
            hint="Your email is your sign-in and cannot be changed."
            className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
          />
        </fieldset>

        <fieldset disabled={isSubmitting} className={clsx(cardClasses, 'space-y-5 p-5 sm:p-6')}>
          <legend className="sr-only">Phone</legend>
          <div>
            <h2 className="text-base font-semibold text-slate-900">Phone</h2>
            <p className="mt-0.5 text-sm text-slate-600">
              For sign-in codes and your daily drafts. Reply to a text to approve a post.
            </p>
          </div>
          <Controller
            control={control}
            name="phoneNumber"
            render={({ field }) => {
              // 'Verified' belongs to the saved number, never to a new one being typed.
              const verifiedNumberShown =
                isVerified && hasPhone && toStoredPhone(field.value) === user?.phoneNumber;
              return (
                <PhoneField
                  label="Mobile phone (US)"
                  {...field}
                  error={errors.phoneNumber?.message}
                  hint="Changing your number means verifying the new one."
                  labelAside={
                    verifiedNumberShown ? (
                      <Badge tone="success">
                        <IconCheckCircle aria-hidden="true" className="size-3.5" />
                        Verified
                      </Badge>
                    ) : (
                      <Badge tone="warning">Not verified</Badge>
                    )
                  }
                />
              );
            }}
          />
          {phoneNotice ? (
            <div className="flex flex-col gap-3 rounded-xl bg-amber-50/70 p-4 sm:flex-row sm:items-center">
              <IconPhone aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
              <p className="flex-1 text-sm text-amber-900">{phoneNotice.text}</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setVerifyOpen(true)}
                disabled={isDirty}
                title={isDirty ? 'Save your changes first' : undefined}
              >
                {phoneNotice.action}
              </Button>
            </div>
          ) : null}
        </fieldset>

        <div className="flex justify-end gap-3">
          <Button
            variant="ghost"
            onClick={() => {
              reset(formValuesOf(user));
              setServerError(null);
            }}
            disabled={!isDirty || isSubmitting}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </form>
      <UnsavedChangesDialog blocker={blocker} />

      {current || user ? <GoogleConnection user={current ?? user!} /> : null}

      <ForumReplyEmails />
      <ReplayTours />
      <CookieSettings />

      <SignOutEverywhere />

      <PhoneVerificationModal open={verifyOpen} onClose={() => setVerifyOpen(false)} />
    </div>
  );
}
