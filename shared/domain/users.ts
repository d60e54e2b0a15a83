export const ROLES = ['user', 'founder', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Onboarding tour ids (spec 2 §2). */
export const TOUR_IDS = [
  'dashboard',
  'company-dashboard',
  'company-form',
  'platforms',
  'campaigns-empty',
  'campaigns-with-data',
  'campaign-form',
  'campaign-details',
] as const;
export type TourId = (typeof TOUR_IDS)[number];

/** Admin and founder see the Founder Forum. */
export const canSeeForum = (role: Role | undefined): boolean =>
  role === 'admin' || role === 'founder';
