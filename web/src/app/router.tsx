import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { importWithTimeout } from '../lib/lazy-import';
import { setNavigator } from '../lib/navigation';
import { RootRoute } from './root-route';
import { RouteErrorFallback } from './route-error-fallback';

/** A code-split screen: its module loads on first visit (120 s time-out → ChunkLoadError). */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await importWithTimeout(load)) });

const comingSoon = screen(
  () => import('../features/misc/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

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
                lazy: screen(
                  () => import('../features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              // Screens of the next issues; until then they say so instead of a dead link.
              { path: 'dashboard/companies', lazy: comingSoon },
              { path: 'dashboard/companies/new', lazy: comingSoon },
              { path: 'dashboard/company/new', lazy: comingSoon },
              { path: 'dashboard/campaigns', lazy: comingSoon },
              { path: 'dashboard/forum', lazy: comingSoon },
              { path: 'dashboard/support', lazy: comingSoon },
              { path: 'profile', lazy: comingSoon },
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

export const createAppRouter = () => {
  const router = createBrowserRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
};
