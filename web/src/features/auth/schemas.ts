import { z } from 'zod';
import {
  MESSAGES,
  profileFields,
  USER_TYPES,
  ZChangePasswordRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@app/domain';
import type { UserType } from '@app/domain';

/**
 * Form schemas for the account screens. The field rules are the shared ones from `@app/domain`
 * (the server validates the same requests with them); these only add what a form has and a request
 * has not: the terms tick, the chosen document files, the confirmation fields.
 */
const V = MESSAGES.validation;
const R = ZRegisterRequest.shape;

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Files picked in an `<input type="file">`: react-hook-form hands over a FileList (or nothing). */
export function toFileArray(value: unknown): File[] {
  if (typeof FileList !== 'undefined' && value instanceof FileList) return Array.from(value);
  if (Array.isArray(value)) return value.filter((item): item is File => item instanceof File);
  return [];
}

function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * Register (001 §2, §5). Every field is required; the ID documents only for a Provider. Cross-field
 * rules run even while other fields are invalid, so "Passwords must match" shows as soon as it is true.
 */
export const ZRegisterForm = z
  .object({
    username: R.username,
    email: R.email,
    password: R.password,
    cpassword: z.string().min(1, V.passwordRequired),
    first_name: R.first_name,
    last_name: R.last_name,
    phone_number: R.phone_number,
    dob: R.dob,
    city: R.city,
    // A plain string rule (not an enum) keeps the issue "continuable", so the checks below still run.
    user_type: z.string().refine(isUserType, V.userTypeRequired),
    docs: z.unknown().optional(),
    terms: z.boolean().refine((ticked) => ticked, V.termsRequired),
  })
  .superRefine((form, ctx) => {
    if (form.cpassword !== '' && form.password !== form.cpassword) {
      ctx.addIssue({ code: 'custom', path: ['cpassword'], message: V.passwordsMustMatch });
    }
    if (form.user_type === 'Provider') {
      const files = toFileArray(form.docs);
      if (files.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['docs'], message: V.docsRequired });
      } else if (!files.every(isImage)) {
        ctx.addIssue({ code: 'custom', path: ['docs'], message: MESSAGES.register.docsImagesOnly });
      }
    }
  });
export type TRegisterFormInput = z.input<typeof ZRegisterForm>;
export type TRegisterForm = z.output<typeof ZRegisterForm>;

/** The fields of the register form, in the order they are shown (server errors name them). */
export const REGISTER_FIELDS = [
  'username',
  'email',
  'password',
  'cpassword',
  'first_name',
  'last_name',
  'phone_number',
  'dob',
  'city',
  'user_type',
  'docs',
  'terms',
] as const satisfies readonly (keyof TRegisterFormInput)[];

/** Reset password: the code comes from the link, so the form only has the two password fields. */
export const ZResetPasswordForm = z
  .object({
    password: ZResetPasswordRequest.shape.password,
    passwordConfirmation: z.string().min(1, V.passwordRequired),
  })
  .superRefine((form, ctx) => {
    if (form.passwordConfirmation !== '' && form.password !== form.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: V.passwordsMustMatch });
    }
  });
export type TResetPasswordForm = z.output<typeof ZResetPasswordForm>;

/** Change password (000 §5): current and new password 6-64; the confirmation must match. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: ZChangePasswordRequest.shape.currentPassword,
    password: ZChangePasswordRequest.shape.password,
    passwordConfirmation: z.string().min(1, V.passwordRequired),
  })
  .superRefine((form, ctx) => {
    if (form.passwordConfirmation !== '' && form.password !== form.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: V.passwordsMustMatch });
    }
  });
export type TChangePasswordForm = z.output<typeof ZChangePasswordForm>;

/** Edit My Profile (000 §5): every field required and checked live. */
export const ZProfileEditForm = z.object({
  first_name: profileFields.first_name,
  last_name: profileFields.last_name,
  phone_number: profileFields.phone_number,
  dob: profileFields.dob,
  city: profileFields.city,
});
export type TProfileEditForm = z.output<typeof ZProfileEditForm>;

/** `YYYY-MM-DD` of the latest birth date that is 18 today, for the date picker's `max`. */
export function latestAdultBirthDate(now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}
