import { z } from 'zod';
import { MIN_AGE_MS, USER_TYPES } from '../constants.ts';
import { ZId } from '../ids.ts';
import { MESSAGES } from '../messages.ts';
import { ageOn, checkVerificationReason, verificationFields, ZDocumentsHold } from './verification.ts';

const V = MESSAGES.validation;

/** The spec's rule: at least 567648000000 ms (18 years) between birth and now. */
export function isAdult(dob: string, now: Date = new Date()): boolean {
  const born = Date.parse(`${dob}T00:00:00Z`);
  if (Number.isNaN(born)) return false;
  return now.getTime() - born >= MIN_AGE_MS && ageOn(dob, now) >= 18;
}

const trimmed = (required: string) => z.string({ error: required }).trim().min(1, required);

/**
 * The one e-mail address rule of every form and route (decision 0028): an address as `z.email()` reads it,
 * whatever its ending (`.info`, `.email`, `.online` as well as `.com`). The spec's "2-3 letter ending"
 * refused real addresses. The fields add their own length limits in front of it.
 */
export const ZEmailAddress = z.email(V.emailInvalid);

export const ZEmail = trimmed(V.emailRequired).max(160, V.emailTooLong).pipe(ZEmailAddress);

/** Login (000 §5). */
export const ZLoginForm = z.object({
  email: ZEmail,
  password: z
    .string({ error: V.passwordRequired })
    .min(1, V.passwordRequired)
    .min(6, V.passwordTooShort)
    .max(64, V.passwordTooLong),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/** `POST /api/auth/local`: Strapi's identifier is an e-mail or a username. */
export const ZLoginRequest = z.object({
  identifier: trimmed(V.emailRequired).max(160),
  password: z.string({ error: V.passwordRequired }).min(1, V.passwordRequired).max(64, V.passwordTooLong),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Forgot password (000 §5, 001 §5). */
export const ZForgotPasswordForm = z.object({ email: ZEmail });
export const ZForgotPasswordRequest = z.object({ to: ZEmail });
export const ZForgotPasswordStrapiRequest = z.object({ email: ZEmail });

const ZPassword = z
  .string({ error: V.passwordRequired })
  .min(1, V.passwordRequired)
  .min(6, V.passwordTooShort)
  .max(64, V.passwordTooLong)
  .refine((s) => s.trim().length > 0, V.passwordRequired);

/** Reset password through the e-mailed code. */
export const ZResetPasswordRequest = z
  .object({ code: z.string().min(10).max(200), password: ZPassword, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: V.passwordsMustMatch,
    path: ['passwordConfirmation'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** Change password (000 §5). */
export const ZChangePasswordRequest = z
  .object({ currentPassword: ZPassword, password: ZPassword, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: V.passwordsMustMatch,
    path: ['passwordConfirmation'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Profile and registration field rules (000 §5 profile edit, 001 §5 registration). */
export const profileFields = {
  first_name: trimmed(V.firstNameRequired)
    .min(2, V.nameTooShort)
    .max(64, V.nameTooLong)
    .regex(/^[A-Za-z]+$/, V.lettersOnly),
  last_name: trimmed(V.lastNameRequired)
    .min(2, V.nameTooShort)
    .max(64, V.nameTooLong)
    .regex(/^[A-Za-z]+$/, V.lettersOnly),
  city: trimmed(V.cityRequired)
    .min(4, V.cityTooShort)
    .max(100, V.cityTooLong)
    .regex(/^[A-Za-z0-9 ,/]+$/, V.cityInvalid),
  username: trimmed(V.usernameRequired)
    .min(2, V.usernameTooShort)
    .max(64, V.usernameTooLong)
    .regex(/^[A-Za-z0-9_-]+$/, V.usernameInvalid),
  phone_number: trimmed(V.phoneRequired)
    .min(6, V.phoneTooShort)
    .max(14, V.phoneTooLong)
    .regex(/^[0-9-]+$/, V.phoneInvalid),
  email: trimmed(V.emailRequired).min(6, V.emailTooShort).max(64, V.emailProfileTooLong).pipe(ZEmailAddress),
  dob: trimmed(V.dobRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, V.dobInvalid)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), V.dobInvalid)
    .refine((s) => isAdult(s), V.underAge),
};

/** `PUT /api/users/:id` and the Edit My Profile form: only these fields may change. */
export const ZProfileUpdate = z
  .object({
    first_name: profileFields.first_name,
    last_name: profileFields.last_name,
    phone_number: profileFields.phone_number,
    dob: profileFields.dob,
    city: profileFields.city,
    avatar: ZId.nullable(),
    /** Whether a new message is announced by mail. */
    message_mail: z.boolean(),
  })
  .partial();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/**
 * One anonymous upload (an ID document) that registration claims: its id and the claim token the
 * upload answered. A bare id (the seed client's shape) is read too, and claims nothing: without the
 * token the answer is the same 400 as for a missing file.
 */
export const ZDocumentClaim = z.union([
  z.object({ id: ZId, token: z.string().min(1).max(200) }),
  ZId.transform((id) => ({ id, token: '' })),
]);
export type TDocumentClaim = z.infer<typeof ZDocumentClaim>;

/** `POST /api/auth/local/register` (001 §3 registration payload); role-like fields are dropped. */
export const ZRegisterRequest = z
  .object({
    username: profileFields.username,
    email: profileFields.email,
    password: ZPassword,
    cpassword: z.string({ error: V.passwordRequired }),
    first_name: profileFields.first_name,
    last_name: profileFields.last_name,
    phone_number: profileFields.phone_number,
    dob: profileFields.dob,
    city: profileFields.city,
    user_type: z.enum(USER_TYPES, { error: V.userTypeRequired }),
    docs: z.array(ZDocumentClaim).max(10).optional(),
  })
  .refine((v) => v.password === v.cpassword, { message: V.passwordsMustMatch, path: ['cpassword'] })
  .refine((v) => v.user_type !== 'Provider' || (v.docs?.length ?? 0) > 0, {
    message: V.docsRequired,
    path: ['docs'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** Contact Us (000 §5). */
export const ZContactMessage = z.object({
  name: z
    .string({ error: V.nameRequired })
    .trim()
    .min(1, V.nameRequired)
    .min(2, V.tooShort)
    .max(50, V.tooLong),
  email: ZEmail,
  note: z
    .string({ error: V.noteRequired })
    .trim()
    .min(1, V.noteRequired)
    .min(5, V.tooShort)
    .max(200, V.tooLong),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/**
 * `PUT /api/users/:id` as the server reads it: the profile fields, and `is_active`, which only an
 * admin may set (the server ignores it from anyone else); an admin's ID verification decision
 * (`verification`, `verification_reason`) and a legal hold on the ID documents (`documents_hold_until`):
 * a non-admin sending them is refused.
 */
export const ZUserUpdateRequest = ZProfileUpdate.extend({
  is_active: z.boolean().optional(),
  verification: verificationFields.verification.optional(),
  verification_reason: verificationFields.verification_reason.optional(),
  documents_hold_until: ZDocumentsHold.optional(),
}).superRefine(checkVerificationReason);
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequest>;
