import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { canSeeForum, isAdmin } from '#shared/domain/users';
import { PageSpinner } from '../components/spinner';
import { importWithTimeout } from '../lib/lazy-import';
import { setNavigator } from '../lib/navigation';
import { RootRoute } from './root-route';
import { DashboardHeaderShell } from '../features/dashboard/dashboard-header';
import { RouteErrorFallback } from './route-error-fallback';
import type { SignedInHandle } from './signed-in-shell';

/** The routes below this one need a session (the build reads them to send signed-out visitors on). */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

/** A code-split screen: its module loads on first visit (120 s time-out → ChunkLoadError). */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await importWithTimeout(load)) });

const comingSoon = screen(
  () => import('../features/misc/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

const companiesList = screen(
  () => import('../features/companies/companies-page'),
  (m) => m.CompaniesPage,
);

const newCompany = screen(
  () => import('../features/companies/new-company-page'),
  (m) => m.NewCompanyPage,
);

const companyOverview = screen(
  () => import('../features/companies/company-overview-page'),
  (m) => m.CompanyOverviewPage,
);

/** The Founder Forum's screens: admins and founders only (everyone else gets the 404 page). */
const FORUM_ONLY = { mayEnter: canSeeForum } satisfies SignedInHandle;

/** The business's numbers: admins only (everyone else gets the 404 page, as the API answers). */
const ADMIN_ONLY = { mayEnter: isAdmin } satisfies SignedInHandle;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootRoute,
    errorElement: <RouteErrorFallback />,
    HydrateFallback: () => <PageSpinner />,
    children: [
      {
        index: true,
        lazy: screen(
          () => import('../features/marketing/landing-page'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: 'login',
        lazy: screen(
          () => import('../features/auth/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'register',
        lazy: screen(
          () => import('../features/auth/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'forgot-password',
        lazy: screen(
          () => import('../features/auth/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password',
        lazy: screen(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'auth/callback',
        lazy: screen(
          () => import('../features/auth/token-callback-page'),
          (m) => m.TokenCallbackPage,
        ),
      },
      {
        path: 'auth/google/callback',
        lazy: screen(
          () => import('../features/auth/social-callback-page'),
          (m) => m.SocialCallbackPage,
        ),
      },
      {
        path: 'auth/twitter/callback',
        lazy: screen(
          () => import('../features/auth/social-callback-page'),
          (m) => m.SocialCallbackPage,
        ),
      },
      {
        path: 'terms',
        lazy: screen(
          () => import('../features/marketing/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: 'privacy',
        lazy: screen(
          () => import('../features/marketing/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        id: SIGNED_IN_ROUTE_ID,
        lazy: screen(
          () => import('./protected-route'),
          (m) => m.ProtectedRoute,
        ),
        children: [
          {
            // Errors inside a signed-in screen keep the sidebar.
            errorElement: <RouteErrorFallback />,
            children: [
              {
                path: 'dashboard',
                handle: { shell: <DashboardHeaderShell /> } satisfies SignedInHandle,
                lazy: screen(
                  () => import('../features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              { path: 'dashboard/companies', lazy: companiesList },
              { path: 'dashboard/companies/new', lazy: newCompany },
              { path: 'dashboard/company/new', lazy: newCompany },
              // Without a company id: 'No company selected', then /dashboard.
              { path: 'dashboard/company', lazy: companyOverview },
              { path: 'dashboard/company/:companyId', lazy: companyOverview },
              {
                path: 'dashboard/company/:companyId/edit',
                lazy: screen(
                  () => import('../features/companies/edit-company-page'),
                  (m) => m.EditCompanyPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/platforms',
                lazy: screen(
                  () => import('../features/platforms/platforms-page'),
                  (m) => m.PlatformsPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/calendar',
                lazy: screen(
                  () => import('../features/calendar/calendar-page'),
                  (m) => m.CalendarPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/campaigns',
                lazy: screen(
                  () => import('../features/campaigns/campaigns-page'),
                  (m) => m.CampaignsPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/campaigns/new',
                lazy: screen(
                  () => import('../features/campaigns/new-campaign-page'),
                  (m) => m.NewCampaignPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/campaigns/:campaignId',
                lazy: screen(
                  () => import('../features/campaigns/campaign-detail-page'),
                  (m) => m.CampaignDetailPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/campaigns/:campaignId/edit',
                lazy: screen(
                  () => import('../features/campaigns/edit-campaign-page'),
                  (m) => m.EditCampaignPage,
                ),
              },
              // A text's short review link: it opens the post's campaign once signed in.
              {
                path: 'r/:code',
                lazy: screen(
                  () => import('../features/campaigns/review-link-page'),
                  (m) => m.ReviewLinkPage,
                ),
              },
              {
                path: 'dashboard/company/:companyId/performance',
                lazy: screen(
                  () => import('../features/performance/performance-page'),
                  (m) => m.PerformancePage,
                ),
              },
              // Both show the companies list view until content and analytics have screens.
              { path: 'dashboard/company/:companyId/content', lazy: companiesList },
              { path: 'dashboard/company/:companyId/analytics', lazy: companiesList },
              {
                path: 'dashboard/platforms',
                lazy: screen(
                  () => import('../features/platforms/platforms-index-page'),
                  (m) => m.PlatformsIndexPage,
                ),
              },
              // Screens of the next issues (and /dashboard/campaigns, which the spec has say 'This
              // feature is coming soon. Stay tuned!'); they say so instead of a dead link.
              { path: 'dashboard/campaigns', lazy: comingSoon },
              {
                path: 'dashboard/forum',
                handle: FORUM_ONLY,
                lazy: screen(
                  () => import('../features/forum/forum-home-page'),
                  (m) => m.ForumHomePage,
                ),
              },
              {
                path: 'dashboard/forum/:categorySlug',
                handle: FORUM_ONLY,
                lazy: screen(
                  () => import('../features/forum/category-page'),
                  (m) => m.CategoryPage,
                ),
              },
              {
                path: 'dashboard/forum/:categorySlug/:threadId',
                handle: FORUM_ONLY,
                lazy: screen(
                  () => import('../features/forum/thread-page'),
                  (m) => m.ThreadPage,
                ),
              },
              {
                path: 'dashboard/admin',
                handle: ADMIN_ONLY,
                lazy: screen(
                  () => import('../features/admin/business-page'),
                  (m) => m.BusinessPage,
                ),
              },
              {
                path: 'dashboard/support',
                lazy: screen(
                  () => import('../features/support/support-page'),
                  (m) => m.SupportPage,
                ),
              },
              {
                path: 'profile',
                lazy: screen(
                  () => import('../features/profile/profile-page'),
                  (m) => m.ProfilePage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('../features/misc/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export const createAppRouter = (): AppRouter => {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
};

/** Resolves once the first location's screens have loaded (the router has initialised). */
export const whenRouterReady = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
