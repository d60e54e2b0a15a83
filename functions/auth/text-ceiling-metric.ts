/**
 * The metric of the product-wide ceilings of verification texts: the auth function counts one each
 * time a ceiling refuses someone (functions/core/metrics.ts), and the stack's alarms watch it, one
 * alarm per ceiling. Its own module, without imports, so the stack can read it.
 */
export const TEXT_CEILING_METRIC = 'VerificationTextCeilingReached';
export const TEXT_CEILINGS = ['day', 'minute', 'number'] as const;
export type TextCeiling = (typeof TEXT_CEILINGS)[number];
