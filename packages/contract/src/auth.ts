import { z } from 'zod';
import { emailField, isCleanText, phoneField } from './common.ts';
import { isCommonPassword } from './common-passwords.ts';
import { personNameField } from './names.ts';
import { ROLES } from './roles.ts';

/**
 * Accounts: sign-up, sign-in, email verification, forgot/reset password, profile and password
 * change. Field rules and messages live here once; the API and the web forms both use them.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 500;
/** The forgot-password code in the mail: six digits. */
export const RESET_CODE_LENGTH = 6;

export const AUTH_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phone: 'Phone is required',
  phoneDigits: 'Phone must be 10 digits',
  password: 'Password is required',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordCommon: 'This password is too common; choose another',
  passwordInvalidChars: 'Password contains characters that are not allowed',
  currentPassword: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPassword: 'New password is required',
  newPasswordSame: 'New password must be different from the current one',
  nameMax: `Must be at most ${NAME_MAX} characters`,
  addressMax: `Must be at most ${ADDRESS_MAX} characters`,
  controlChars: 'Must not contain control characters',
  code: 'Code is required',
  codeFormat: `Enter the ${RESET_CODE_LENGTH}-digit code from the email`,
  token: 'The link is missing its token',
  resetToken: 'The reset session is missing; start again from "Forgot password"',
  noChanges: 'Nothing to update',

  // Answers from the API (success and failure), so the web app can match on them if it needs to.
  // The same whether or not the address already has an account (its owner is mailed instead).
  signupDone: 'Check your email: we have sent you a message to finish signing up.',
  emailVerified: 'Your email address is verified. You can sign in now.',
  /** The browser that signed up opened the link: it is signed in. */
  emailVerifiedSignedIn: 'Your email address is verified and you are signed in.',
  /** The link was opened before (a reload, a double click, a mail scanner): nothing went wrong. */
  emailAlreadyVerified: 'Your email address is already verified. You can sign in.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Request a new one.',
  verifyResent: 'If that account exists and is not verified yet, we have sent a new verification link.',
  signedIn: 'Signed in',
  signinWrong: 'Email or password is incorrect',
  signinUnverified: 'Please verify your email address first. We can send the link again.',
  signinDeactivated: 'This account has been deactivated. Please contact KikStart to have it reactivated.',
  forgotSent: 'If an account exists for that email, we have sent a reset code.',
  resetCodeWrong: 'This code is incorrect or has expired. Check the email or request a new code.',
  resetCodeOk: 'Code accepted. Choose a new password.',
  resetTokenInvalid: 'This password reset has expired. Please request a new code.',
  passwordReset: 'Your password has been changed. Please sign in with the new password.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  profile: 'Profile',
  profileUpdated: 'Profile updated',
  signedOut: 'Signed out',
} as const;

/** Rate-limit answer (HTTP 429) for the auth endpoints: minutes up to 90, then hours. */
export const tooManyAttemptsMessage = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  if (minutes > 90) return `Too many attempts. Please try again in ${Math.ceil(minutes / 60)} hours.`;
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * A trimmed, required name: any script (ü, 李, ñ…); bidi and zero-width characters stripped,
 * control characters and broken surrogate pairs refused (names go into mails to other people, see names.ts).
 */
const nameField = (message: string) =>
  personNameField({
    required: message,
    max: NAME_MAX,
    tooLong: AUTH_MESSAGES.nameMax,
    control: AUTH_MESSAGES.controlChars,
  });

/** Optional address; an empty string clears it (becomes null). */
const addressField = z
  .union([z.string({ error: 'Address must be text' }), z.null()], { error: 'Address must be text' })
  // Multipart bodies carry line breaks as CRLF (JSON as LF): store one form either way.
  .transform((v) => (v ?? '').replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(ADDRESS_MAX, AUTH_MESSAGES.addressMax)
      // An address may span lines; tabs and line breaks are allowed there.
      .refine((v) => isCleanText(v, { lines: true }), AUTH_MESSAGES.controlChars),
  )
  .transform((v) => (v === '' ? null : v));

/** Trimmed, lower-cased, at most 254 characters ('Email is required' / 'Enter a valid email address'). */
export const accountEmailField = emailField;

/**
 * A new password: 8–128 characters, not on the common-passwords list. Not trimmed (spaces
 * are allowed and count), but a password of only spaces is refused.
 */
export const newPasswordField = (requiredMessage: string = AUTH_MESSAGES.password) =>
  z
    .string({ error: requiredMessage })
    .refine((v) => v.trim().length > 0, requiredMessage)
    .refine((v) => v.length === 0 || v.length >= PASSWORD_MIN, AUTH_MESSAGES.passwordMin)
    .refine((v) => v.length <= PASSWORD_MAX, AUTH_MESSAGES.passwordMax)
    .refine((v) => !v.includes('\u0000'), AUTH_MESSAGES.passwordInvalidChars)
    .refine((v) => !isCommonPassword(v), AUTH_MESSAGES.passwordCommon);

/** A password being checked (sign-in, current password): only present and bounded. */
const existingPasswordField = (requiredMessage: string = AUTH_MESSAGES.password) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordMax)
    .refine((v) => !v.includes('\u0000'), AUTH_MESSAGES.passwordInvalidChars);

/** POST /user/signup */
export const signupSchema = z.object({
  firstName: nameField(AUTH_MESSAGES.firstName),
  lastName: nameField(AUTH_MESSAGES.lastName),
  email: accountEmailField,
  phone: phoneField(AUTH_MESSAGES.phone),
  password: newPasswordField(),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /user/signin */
export const signinSchema = z.object({
  email: accountEmailField,
  password: existingPasswordField(),
});
export type SigninInput = z.input<typeof signinSchema>;

/** GET /user/email-verify?token=… */
export const emailVerifyQuery = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.token })
    .trim()
    .min(1, AUTH_MESSAGES.token)
    .max(200, AUTH_MESSAGES.verifyLinkInvalid),
});

/** POST /user/email-verify { token }: the page behind the mailed link sends it. */
export const emailVerifySchema = emailVerifyQuery;

/** POST /user/email-verify/resend and POST /user/forgetPassword */
export const emailOnlySchema = z.object({ email: accountEmailField });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;
export const resendVerificationSchema = emailOnlySchema;
export const forgotPasswordSchema = emailOnlySchema;

/** POST /user/forgetPassword/account-verify: the code from the reset mail. */
export const resetCodeSchema = z.object({
  email: accountEmailField,
  code: z
    .string({ error: AUTH_MESSAGES.code })
    .trim()
    .min(1, AUTH_MESSAGES.code)
    .max(20, AUTH_MESSAGES.codeFormat)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), AUTH_MESSAGES.codeFormat)),
});
export type ResetCodeInput = z.input<typeof resetCodeSchema>;

/** POST /user/forgetPassword/changePassword: `token` is the reset token from account-verify. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: AUTH_MESSAGES.resetToken })
    .trim()
    .min(1, AUTH_MESSAGES.resetToken)
    .max(200, AUTH_MESSAGES.resetTokenInvalid),
  password: newPasswordField(),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /user/change-password (signed in). */
export const changePasswordSchema = z
  .object({
    currentPassword: existingPasswordField(AUTH_MESSAGES.currentPassword),
    newPassword: newPasswordField(AUTH_MESSAGES.newPassword),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: AUTH_MESSAGES.newPasswordSame,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * POST /user/profile-update: JSON, or multipart/form-data with the same text fields and an
 * optional `avatar` file (JPEG or PNG, checked by its bytes). Every field is optional; the
 * ones sent are validated and saved. Email changes are not accepted here.
 */
export const profileUpdateSchema = z.object({
  firstName: nameField(AUTH_MESSAGES.firstName).optional(),
  lastName: nameField(AUTH_MESSAGES.lastName).optional(),
  phone: phoneField(AUTH_MESSAGES.phone).optional(),
  address: addressField.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** The multipart file field of profile-update. */
export const AVATAR_FIELD = 'avatar';

export const userRoleSchema = z.enum(ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** GET /user/profile, and `user` in the sign-in answer. */
export const userProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** A signed /api/files/avatars/… link, or null. */
  avatarUrl: z.string().nullable(),
  /** Parent when in a family, then coach and admin when held: roles add, they do not swap. */
  roles: z.array(userRoleSchema),
  emailVerified: z.boolean(),
  familyId: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** data of POST /user/signin */
export const signinResultSchema = z.object({
  /** Send as `x-access-token`; the web app keeps it in the `kikstart_token` cookie. */
  token: z.string(),
  user: userProfileSchema,
});
export type SigninResult = z.infer<typeof signinResultSchema>;

/**
 * data of GET and POST /user/email-verify. `session` is set only by the POST from the browser that
 * signed up (its HttpOnly sign-up cookie); a link opened anywhere else verifies and signs nobody in.
 */
export const emailVerifyResultSchema = z.object({
  /** The link had been used before: the address was verified then. */
  alreadyVerified: z.boolean(),
  session: signinResultSchema.nullable(),
});
export type EmailVerifyResult = z.infer<typeof emailVerifyResultSchema>;

/** data of POST /user/signup */
export const signupResultSchema = z.object({ email: z.string() });
export type SignupResult = z.infer<typeof signupResultSchema>;

/** data of POST /user/forgetPassword/account-verify: the short-lived reset token (spec: onBoardingToken). */
export const resetCodeResultSchema = z.object({
  token: z.string(),
  /** ISO 8601; the token works once, until then. */
  expiresAt: z.string(),
});
export type ResetCodeResult = z.infer<typeof resetCodeResultSchema>;

/** One mail in the dev mailbox (GET /api/dev/mailbox, development only). */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
