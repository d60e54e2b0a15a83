import type { ChangeEvent, Ref } from 'react';
import { applyPhoneEdit } from '../lib/phone-input';
import { TextField, type TextFieldProps } from './text-field';

export interface PhoneFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type' | 'defaultValue'
> {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A US phone input that formats as (XXX) XXX-XXXX while typing and keeps the caret in place. */
export function PhoneField({ value, onChange, ...props }: PhoneFieldProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    const edit = applyPhoneEdit(
      value,
      input.value,
      input.selectionStart ?? input.value.length,
      inputType,
    );
    // Writing the formatted value and caret now (React then finds nothing to change) keeps the
    // caret where the owner is typing instead of jumping to the end.
    input.value = edit.value;
    if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret);
    onChange(edit.value);
  };
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      {...props}
      value={value}
      onChange={handleChange}
    />
  );
}
