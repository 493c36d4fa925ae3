import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

// Each page is its own chunk: visitors of the home page download none of them.
const LoginPage = lazy(() => import('./login-page.tsx').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const VerifyEmailPage = lazy(() => import('./verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })));
const ForgotPasswordPage = lazy(() =>
  import('./forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const ProfilePage = lazy(() => import('./profile-page.tsx').then((m) => ({ default: m.ProfilePage })));

/** This feature's pages, mounted inside the root layout. */
export const authRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.signup, element: <SignupPage /> },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
];

/** The profile page; signed in only (app/router puts it behind the session guard). */
export const profileRoutes: RouteObject[] = [{ path: paths.profile, element: <ProfilePage /> }];
