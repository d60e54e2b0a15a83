import * as z from 'zod';
import { firstName, lastName } from '#shared/contract/users';

/** The display format the profile's phone field produces and must match. */
export const DISPLAY_PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

export const PHONE_REQUIRED = 'Phone number is required for 2FA and content updates';
export const PHONE_INVALID = 'Please enter a valid 10-digit phone number';

export const displayPhone = () =>
  z.string().trim().min(1, PHONE_REQUIRED).regex(DISPLAY_PHONE_PATTERN, PHONE_INVALID);

export const profileFormSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  phoneNumber: displayPhone(),
});

export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** "+15555550123" from "(555) 555-0123": the 10 digits with +1 in front. */
export const toStoredPhone = (display: string): string => `+1${display.replace(/\D/g, '')}`;
