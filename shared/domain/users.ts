export const ROLES = ['user', 'founder', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Onboarding tours; an account remembers which it has completed so each shows once. */
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

/** Only admins see the business's own numbers (`/dashboard/admin`). */
export const isAdmin = (role: Role | undefined): boolean => role === 'admin';

/** Admin and founder see the Founder Forum. */
export const canSeeForum = (role: Role | undefined): boolean =>
  role === 'admin' || role === 'founder';
