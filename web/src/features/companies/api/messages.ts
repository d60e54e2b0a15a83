/**
 * The companies feature's user-visible texts (spec 1 §8), verbatim. This module is part of the app
 * shell (the sidebar lists companies), so it imports nothing that brings zod along.
 */
export const COMPANY_MESSAGES = {
  loadListFailedToast: (message: string) => `Failed to load companies: ${message}`,
  loadListFailedInline: 'Failed to load companies. Please try again.',
  loadFailedToast: (message: string) => `Failed to load company: ${message}`,
  loadFailedInline: 'Failed to load company. Please try again.',
  noCompanySelected: 'No company selected',
  idRequired: 'Company ID is required',
  createFailedToast: 'Failed to create company. Please try again.',
  createFailed: 'Failed to create company',
  created: 'Company created successfully',
  updateFailed: 'Failed to update company',
  updated: 'Company updated successfully',
  deleteFailed: 'Failed to delete company',
  deleted: 'Company deleted',
  draftFailed:
    'We could not read that website. Check the address, or fill in the profile yourself.',
} as const;

/** The HTTP status of an error thrown by the API client, if it has one. */
export const statusOf = (error: unknown): number | undefined =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

/** A 401 already cleared the session and went to /login: nothing more to say about it. */
export const isSessionEnded = (error: unknown): boolean => statusOf(error) === 401;

export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;
