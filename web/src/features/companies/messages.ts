/** The companies feature's user-visible texts (the spec's verbatim, and our own). */
export const COMPANY_MESSAGES = {
  idRequired: 'Company ID is required',
  createFailed: 'Failed to create company',
  created: 'Company created successfully',
  updateFailed: 'Failed to update company',
  updated: 'Company updated successfully',
  deleteFailed: 'Failed to delete company',
  deleted: 'Company deleted',
  draftFailed:
    'We could not read that website. Check the address, or fill in the profile yourself.',
  draftMatches: (host: string) => `Your profile already matches ${host}.`,
  suggestionsApplied: (host: string) =>
    `Suggestions from ${host} filled in. Review them before saving.`,
} as const;

/** The company form's field labels, also naming the fields in the website draft's review. */
export const COMPANY_FIELD_LABELS = {
  website: 'Website',
  name: 'Company name',
  description: 'Description',
  brandVoice: 'Brand voice',
  brandColors: 'Brand colours',
} as const;
