import type { DraftedCompanyProfile } from '#shared/contract/ai';
import {
  BRAND_VOICE_MAX,
  COMPANY_DESCRIPTION_MAX,
  COMPANY_NAME_MAX,
  normaliseHexColor,
} from '#shared/contract/companies';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';

/** A draft proposes a brand's few main colours, not every colour its CSS uses. */
const DRAFT_COLORS = 3;

const clip = (text: string, max: number): string => {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
};

/**
 * Keeps a draft inside the company field rules, so that the form accepts it as it is: texts within
 * their limits, and only real colours (`#RRGGBB`), the fallback colour when none is left.
 */
export const withinCompanyRules = (
  draft: DraftedCompanyProfile,
  fallbackColor: string = DEFAULT_BRAND_COLOR,
): DraftedCompanyProfile => {
  const colors = [
    ...new Set(
      draft.brandColors.map(normaliseHexColor).filter((color): color is string => !!color),
    ),
  ].slice(0, DRAFT_COLORS);
  return {
    name: clip(draft.name, COMPANY_NAME_MAX),
    description: clip(draft.description, COMPANY_DESCRIPTION_MAX),
    brandVoice: clip(draft.brandVoice, BRAND_VOICE_MAX),
    brandColors: colors.length ? colors : [fallbackColor],
  };
};
