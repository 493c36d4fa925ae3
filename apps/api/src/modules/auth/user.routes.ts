import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  AVATAR_FIELD,
  changePasswordSchema,
  emailVerifyQuery,
  emailVerifyResultSchema,
  emailVerifySchema,
  forgotPasswordSchema,
  profileUpdateSchema,
  resendVerificationSchema,
  resetCodeSchema,
  resetCodeResultSchema,
  resetPasswordSchema,
  signinResultSchema,
  signupResultSchema,
  userProfileSchema,
  signinSchema,
  signupSchema,
} from '@kikstart/contract/auth';
import { ok, okResponse } from '../../lib/envelope.ts';
import { nullData } from '@kikstart/contract/common';
import { multipartBody } from '../../lib/multipart-body.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { getDummyHash, logout, signin } from './signin.service.ts';
import { resendVerification, signup, verifyEmail } from './signup.service.ts';
import { SIGNUP_BROWSER_COOKIE, signupBrowserCookie } from './signup-browser.ts';
import { readCookie } from '../../lib/cookies.ts';
import { requestPasswordReset, resetPassword, verifyResetCode } from './password-reset.service.ts';
import { changePassword, getProfile, updateProfile } from './profile.service.ts';
import {
  CHANGE_PASSWORD_IP_LIMIT,
  FORGOT_IP_LIMIT,
  RESEND_IP_LIMIT,
  SIGNUP_IP_LIMIT,
  TOKEN_CHECK_IP_LIMIT,
  ipLimit,
} from './user-limits.ts';

/** The profile form: JSON, or multipart/form-data with an optional avatar image. */
const profileForm = multipartBody({
  fields: profileUpdateSchema,
  files: { [AVATAR_FIELD]: 'image' },
  orJson: 'Send the profile as a JSON object or as multipart/form-data',
});

/** Parent accounts and sessions (spec §7 Auth). Every answer is the envelope; successes are 200. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];
  // The time of the request, and avatar links signed for it.
  const fileLinks = () => {
    const now = app.clock.now();
    return { now, fileUrls: app.files.urls(now) };
  };
  const db = app.db;
  const publicUrl = app.config.publicUrl;
  const cookieOptions = { secure: publicUrl.startsWith('https://') };
  // Made now, so the first sign-in with an unknown email is not the slow one.
  void getDummyHash();

  app.post(
    '/user/signup',
    {
      config: ipLimit(SIGNUP_IP_LIMIT),
      schema: {
        tags,
        summary: 'Create a parent account and send the verification email',
        body: signupSchema,
        response: okResponse(signupResultSchema),
      },
    },
    async (request, reply) => {
      const { result, browserToken } = await signup({ db, now: app.clock.now(), publicUrl, input: request.body });
      reply.header('set-cookie', signupBrowserCookie(browserToken, cookieOptions));
      return ok(result, AUTH_MESSAGES.signupDone);
    },
  );

  // Opening a link (a GET, which mail scanners prefetch) verifies the address and signs nobody in.
  app.get(
    '/user/email-verify',
    {
      config: ipLimit(TOKEN_CHECK_IP_LIMIT),
      schema: {
        tags,
        summary: 'Confirm the email address with the token from the mail (never signs in)',
        querystring: emailVerifyQuery,
        response: okResponse(emailVerifyResultSchema),
      },
    },
    async (request) => {
      const { data, message } = await verifyEmail({
        db,
        ...fileLinks(),
        token: request.query.token,
      });
      return ok(data, message);
    },
  );

  app.post(
    '/user/email-verify',
    {
      config: ipLimit(TOKEN_CHECK_IP_LIMIT),
      schema: {
        tags,
        summary:
          'Confirm the email address; the browser that signed up (its HttpOnly kikstart_signup cookie) is signed in: data.session',
        body: emailVerifySchema,
        response: okResponse(emailVerifyResultSchema),
      },
    },
    async (request, reply) => {
      const { data, message, browserClaimed } = await verifyEmail({
        db,
        ...fileLinks(),
        token: request.body.token,
        browserToken: readCookie(request.headers.cookie, SIGNUP_BROWSER_COOKIE),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (browserClaimed) reply.header('set-cookie', signupBrowserCookie(null, cookieOptions));
      return ok(data, message);
    },
  );

  app.post(
    '/user/email-verify/resend',
    {
      config: ipLimit(RESEND_IP_LIMIT),
      schema: {
        tags,
        summary: 'Send the verification link again (same answer for any email)',
        body: resendVerificationSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await resendVerification({ db, now: app.clock.now(), publicUrl, email: request.body.email, ip: request.ip });
      return ok(null, AUTH_MESSAGES.verifyResent);
    },
  );

  // No per-request cap: only failures count (in the service), so a school's shared address
  // can sign in every family at 8 am.
  app.post(
    '/user/signin',
    {
      // A wrong password, an unconfirmed or deactivated account, and too many failed attempts.
      config: { openapi: { errors: ['UNAUTHORIZED', 'EMAIL_UNVERIFIED', 'ACCOUNT_DEACTIVATED', 'RATE_LIMITED'] } },
      schema: {
        tags,
        summary: 'Sign in; data: { token, user }',
        body: signinSchema,
        response: okResponse(signinResultSchema),
      },
    },
    async (request) =>
      ok(
        await signin({ db, ...fileLinks(), ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] }),
        AUTH_MESSAGES.signedIn,
      ),
  );

  app.post(
    '/user/logout',
    {
      config: { openapi: { tokenOptional: true } },
      schema: { tags, summary: 'Revoke the current session token', response: okResponse(nullData) },
    },
    async (request) => {
      await logout({ db, now: app.clock.now(), user: request.user });
      return ok(null, AUTH_MESSAGES.signedOut);
    },
  );

  app.post(
    '/user/forgetPassword',
    {
      config: ipLimit(FORGOT_IP_LIMIT),
      schema: {
        tags,
        summary: 'Mail a password reset code (same answer for any email)',
        body: forgotPasswordSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await requestPasswordReset({ db, now: app.clock.now(), publicUrl, email: request.body.email, ip: request.ip });
      return ok(null, AUTH_MESSAGES.forgotSent);
    },
  );

  app.post(
    '/user/forgetPassword/account-verify',
    {
      config: ipLimit(TOKEN_CHECK_IP_LIMIT),
      schema: {
        tags,
        summary: 'Check the reset code; data: { token } for changePassword',
        body: resetCodeSchema,
        response: okResponse(resetCodeResultSchema),
      },
    },
    async (request) =>
      ok(await verifyResetCode({ db, now: app.clock.now(), ...request.body }), AUTH_MESSAGES.resetCodeOk),
  );

  app.post(
    '/user/forgetPassword/changePassword',
    {
      config: ipLimit(TOKEN_CHECK_IP_LIMIT),
      schema: {
        tags,
        summary: 'Set a new password with the reset token; signs out everywhere',
        body: resetPasswordSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await resetPassword({ db, now: app.clock.now(), publicUrl, input: request.body, ip: request.ip });
      return ok(null, AUTH_MESSAGES.passwordReset);
    },
  );

  app.get(
    '/user/profile',
    {
      onRequest: requireUser(),
      schema: { tags, summary: 'The signed-in user', response: okResponse(userProfileSchema) },
    },
    async (request) =>
      ok(
        await getProfile({ db, fileUrls: fileLinks().fileUrls, userId: currentUser(request).id }),
        AUTH_MESSAGES.profile,
      ),
  );

  app.post(
    '/user/profile-update',
    {
      onRequest: requireUser(),
      preValidation: profileForm.preValidation,
      schema: {
        tags,
        summary:
          'Update name, phone, address (JSON or multipart/form-data) and the avatar image (multipart field "avatar")',
        response: okResponse(userProfileSchema),
      },
    },
    async (request) => {
      const { [AVATAR_FIELD]: avatar, ...input } = profileForm.body(request);
      const { now, fileUrls } = fileLinks();
      const profile = await updateProfile({
        db,
        now,
        files: { dir: app.files.dir, fileUrls },
        userId: currentUser(request).id,
        input,
        avatar,
      });
      return ok(profile, AUTH_MESSAGES.profileUpdated);
    },
  );

  app.post(
    '/user/change-password',
    {
      onRequest: requireUser(),
      config: ipLimit(CHANGE_PASSWORD_IP_LIMIT),
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: changePasswordSchema,
        response: okResponse(nullData),
      },
    },
    async (request) => {
      await changePassword({ db, now: app.clock.now(), publicUrl, user: currentUser(request), input: request.body });
      return ok(null, AUTH_MESSAGES.passwordChanged);
    },
  );
};
