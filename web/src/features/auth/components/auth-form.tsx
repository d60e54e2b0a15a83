import type { FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';

interface AuthFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'children'> {
  /** What the form is for, said to screen readers (the fields' group is named by it). */
  legend: string;
  /** Why the server refused the last submit, in a banner above the form. */
  error: string | null;
  /** Beside that banner: what to do instead (e.g. ask for a new link). */
  errorAction?: ReactNode;
  /** A submit in flight: the fields are disabled and the button says so. */
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  children: ReactNode;
  /** Below the submit button, still part of the form (e.g. the terms a sign-up agrees to). */
  footnote?: ReactNode;
}

/**
 * The form of a sign-in screen: the server's refusal above it, the fields disabled while a
 * submit is in flight, and one large submit button. The checks are the form's own (noValidate),
 * so every error is said in the same words and place.
 */
export function AuthForm({
  legend,
  error,
  errorAction,
  submitting,
  submitLabel,
  submittingLabel,
  children,
  footnote,
  ...formProps
}: AuthFormProps) {
  return (
    <>
      {error ? (
        <Alert tone="danger" className="mb-6" action={errorAction}>
          {error}
        </Alert>
      ) : null}
      <form {...formProps} noValidate>
        <fieldset disabled={submitting} className="space-y-5">
          <legend className="sr-only">{legend}</legend>
          {children}
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {submitting ? submittingLabel : submitLabel}
          </Button>
          {footnote}
        </fieldset>
      </form>
    </>
  );
}
