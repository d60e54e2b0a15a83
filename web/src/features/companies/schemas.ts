import * as z from 'zod';
import {
  HEX_COLOR,
  website,
  type Company,
  type CreateCompanyBody,
} from '#shared/contract/companies';
import { optionalText, text } from '#shared/contract/fields';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';

export const HEX_COLOR_MESSAGE = 'Brand colours must be hex colours like #007BFF';

/** "#007bff", "007BFF" and "#08f" all become "#007BFF"-style; anything else is left as typed. */
export const normaliseHex = (value: string): string => {
  const trimmed = value.trim();
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(trimmed);
  if (!match) return trimmed;
  const hex = match[1]!;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toUpperCase()}`;
};

/**
 * The company form: the server's field rules (same builders, same messages), with the colours as
 * rows ({ value }) for the field array. Empty rows are allowed here and dropped on submit.
 */
export const companyFormSchema = z.object({
  name: text('Company name', 'Company name is required', 100),
  description: optionalText('Description', 2000),
  website: website(),
  brandColors: z.array(
    z.object({
      value: z
        .string()
        .transform(normaliseHex)
        .refine((color) => color === '' || HEX_COLOR.test(color), HEX_COLOR_MESSAGE),
    }),
  ),
  brandVoice: optionalText('Brand voice', 2000),
});

export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormValues = z.output<typeof companyFormSchema>;

/** New company: one colour row with #007BFF (spec 1 §2). */
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
export const companyBodyFrom = (values: CompanyFormValues): Required<CreateCompanyBody> => {
  const colors = [...new Set(values.brandColors.map((row) => row.value).filter(Boolean))];
  return {
    name: values.name,
    description: values.description,
    website: values.website,
    brandColors: colors.length ? colors : [DEFAULT_BRAND_COLOR],
    brandVoice: values.brandVoice,
  };
};
