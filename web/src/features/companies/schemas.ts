import * as z from 'zod';
import {
  brandVoice,
  companyDescription,
  companyName,
  HEX_COLOR,
  HEX_COLOR_MESSAGE,
  normaliseHexColor,
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
});

export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormValues = z.output<typeof companyFormSchema>;

/** New company: one colour row with the default colour, so the form never starts empty. */
export const emptyCompanyForm = (): CompanyFormInput => ({
  name: '',
  description: '',
  website: '',
  brandColors: [{ value: DEFAULT_BRAND_COLOR }],
  brandVoice: '',
});

export const companyFormFrom = (company: Company): CompanyFormInput => ({
  name: company.name,
  description: company.description,
  website: company.website,
  brandColors: (company.brandColors.length ? company.brandColors : [DEFAULT_BRAND_COLOR]).map(
    (value) => ({ value }),
  ),
  brandVoice: company.brandVoice,
});

/** The request body: empty colour rows dropped; with none left, the default colour stays. */
export const companyBodyFrom = (
  values: CompanyFormValues,
): Required<Omit<CreateCompanyBody, 'timeZone'>> => {
  const colors = [...new Set(values.brandColors.map((row) => row.value).filter(Boolean))];
  return {
    name: values.name,
    description: values.description,
    website: values.website,
    brandColors: colors.length ? colors : [DEFAULT_BRAND_COLOR],
    brandVoice: values.brandVoice,
  };
};
