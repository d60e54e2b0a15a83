import { TextField, type TextFieldProps } from '#web/components/text-field';

/** The account's email, as the sign-in screens ask for it: the email keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@company.com"
      {...props}
    />
  );
}
