import * as z from 'zod';
import { DEFAULT_MORNING_HOUR } from '#shared/domain/limits';
import {
  brandVoice,
  companyDescription,
  companyName,
  HEX_COLOR,
  HEX_COLOR_MESSAGE,
  isTimeZone,
  normaliseHexColor,
  INVALID_TIME_ZONE_MESSAGE,
  morningHour,
  website,
  type Company,
  type CreateCompanyBody,
} from '#shared/contract/companies';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';

/**
 * An http(s) address whose host is a local name (localhost, a one-word intranet name, an IPv6
 * literal): well formed, but the website reader would refuse it as private.
 */
export const isLocalAddress = (website: string): boolean => {
  try {
    const { protocol, hostname } = new URL(website);
    return (protocol === 'http:' || protocol === 'https:') && !!hostname && !hostname.includes('.');
  } catch {
    return false;
  }
};

/** A typed colour in the stored form ("#08f" → "#0088FF"); anything else is left as typed. */
export const normaliseHex = (value: string): string => normaliseHexColor(value) ?? value.trim();

/**
 * The company form: the contract's company field rules (the same builders and messages as the
 * API), with the colours as rows ({ value }) for the field array. Empty rows are allowed here and
 * dropped on submit.
 */
export const companyFormSchema = z.object({
  name: companyName(),
  description: companyDescription(),
  website: website(),
  brandColors: z.array(
    z.object({
      value: z
        .string()
        .transform(normaliseHex)
        .refine((color) => color === '' || HEX_COLOR.test(color), HEX_COLOR_MESSAGE),
    }),
  ),
  brandVoice: brandVoice(),
  // The zone as Intl names it; '' only on a new company whose browser gave none.
  timeZone: z.string().refine((zone) => zone === '' || isTimeZone(zone), INVALID_TIME_ZONE_MESSAGE),
  // The select's value ('0'–'23'), sent as a number.
  morningHour: z.string().transform(Number).pipe(morningHour()),
});

/** A morning hour as the select names it: '8:00 AM', '12:00 PM (noon)', '12:00 AM (midnight)'. */
export const morningHourLabel = (hour: number): string => {
  const clock = `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
  return hour === 0 ? `${clock} (midnight)` : hour === 12 ? `${clock} (noon)` : clock;
};

/** Every hour of the day, midnight first, for the "Morning drafts at" select. */
export const MORNING_HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: morningHourLabel(hour),
}));

export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormValues = z.output<typeof companyFormSchema>;

/**
 * The browser's IANA zone ("America/Chicago"), which a new company counts its days in; '' when the
 * browser gives none Intl can use (the server then uses its default zone).
 */
export const browserTimeZone = (): string => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone !== 'Etc/Unknown' && isTimeZone(zone) ? zone : '';
  } catch {
    return '';
  }
};

/**
 * New company: one colour row with the default colour, so the form never starts empty; the
 * browser's time zone.
 */
export const emptyCompanyForm = (): CompanyFormInput => ({
  name: '',
  description: '',
  website: '',
  brandColors: [{ value: DEFAULT_BRAND_COLOR }],
  brandVoice: '',
  timeZone: browserTimeZone(),
  morningHour: String(DEFAULT_MORNING_HOUR),
});

export const companyFormFrom = (company: Company): CompanyFormInput => ({
  name: company.name,
  description: company.description,
  website: company.website,
  brandColors: (company.brandColors.length ? company.brandColors : [DEFAULT_BRAND_COLOR]).map(
    (value) => ({ value }),
  ),
  brandVoice: company.brandVoice,
  timeZone: company.timeZone,
  morningHour: String(company.morningHour),
});

/**
 * The request body: empty colour rows dropped (with none left, the default colour stays); the
 * time zone left out when there is none (the server's default applies).
 */
export const companyBodyFrom = (values: CompanyFormValues): CreateCompanyBody => {
  const colors = [...new Set(values.brandColors.map((row) => row.value).filter(Boolean))];
  return {
    name: values.name,
    description: values.description,
    website: values.website,
    brandColors: colors.length ? colors : [DEFAULT_BRAND_COLOR],
    brandVoice: values.brandVoice,
    ...(values.timeZone ? { timeZone: values.timeZone } : {}),
    morningHour: values.morningHour,
  };
};
