import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton, FormPageSkeleton } from '../../components/page-skeletons.tsx';

// Each page is its own chunk: visitors of the home page download none of them.
const LoginPage = lazyPage(() => import('./login-page.tsx').then((m) => m.LoginPage), {
  skeleton: <FormPageSkeleton />,
});
const SignupPage = lazyPage(() => import('./signup-page.tsx').then((m) => m.SignupPage), {
  skeleton: <FormPageSkeleton />,
});
const VerifyEmailPage = lazyPage(() => import('./verify-email-page.tsx').then((m) => m.VerifyEmailPage), {
  skeleton: <FormPageSkeleton />,
});
const ForgotPasswordPage = lazyPage(() => import('./forgot-password-page.tsx').then((m) => m.ForgotPasswordPage), {
  skeleton: <FormPageSkeleton />,
});
const ResetPasswordPage = lazyPage(() => import('./reset-password-page.tsx').then((m) => m.ResetPasswordPage), {
  skeleton: <FormPageSkeleton />,
});
const ProfilePage = lazyPage(() => import('./profile-page.tsx').then((m) => m.ProfilePage), {
  skeleton: <AccountPageSkeleton />,
});

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
