import type { CompanyProfileDraft } from '#shared/contract/ai';
import { MAX_BRAND_COLORS, normaliseWebsite } from '#shared/contract/companies';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';
import { normaliseHex, type CompanyFormInput } from './schemas';

type DraftField = 'website' | 'name' | 'description' | 'brandVoice' | 'brandColors';

/** One field the website's draft would change: what the form has now and what is suggested. */
export type DraftChange =
  | { field: 'website' | 'name' | 'description' | 'brandVoice'; current: string; suggested: string }
  | { field: 'brandColors'; current: string[]; suggested: string[] };

const colorsOf = (rows: CompanyFormInput['brandColors']): string[] =>
  rows.map((row) => normaliseHex(row.value)).filter(Boolean);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** "https://harbor.coffee/" and "harbor.coffee" are the same address to the owner. */
const sameWebsite = (a: string, b: string) =>
  normaliseWebsite(a).replace(/\/+$/, '').toLowerCase() ===
  normaliseWebsite(b).replace(/\/+$/, '').toLowerCase();

/**
 * Whether the owner has written nothing here yet: empty text, or only the colour every new
 * company starts with. Empty fields are filled without asking (and pre-ticked in the review).
 */
export const isEmptyChange = (change: DraftChange): boolean =>
  change.field === 'brandColors'
    ? change.current.length === 0 || sameList(change.current, [DEFAULT_BRAND_COLOR])
    : change.current.trim() === '';

/** The fields the draft would change, in the form's order; unchanged and empty suggestions are left out. */
export const draftChanges = (
  values: CompanyFormInput,
  draft: CompanyProfileDraft,
): DraftChange[] => {
  const changes: DraftChange[] = [];
  const website = draft.website.trim();
  // The reader may have followed a redirect to another address; offer it, never force it.
  if (website && !sameWebsite(values.website, website)) {
    changes.push({ field: 'website', current: values.website, suggested: website });
  }
  for (const field of ['name', 'description', 'brandVoice'] as const) {
    const suggested = draft[field].trim();
    if (suggested && suggested !== values[field].trim()) {
      changes.push({ field, current: values[field], suggested });
    }
  }
  const suggestedColors = [...new Set(draft.brandColors.map(normaliseHex).filter(Boolean))].slice(
    0,
    MAX_BRAND_COLORS,
  );
  const currentColors = colorsOf(values.brandColors);
  if (suggestedColors.length && !sameList(suggestedColors, currentColors)) {
    changes.push({ field: 'brandColors', current: currentColors, suggested: suggestedColors });
  }
  // Order as on the form: website, name, description, colours, voice.
  const order: DraftField[] = ['website', 'name', 'description', 'brandColors', 'brandVoice'];
  return changes.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
};
