/**
 * Password reset and invitation acceptance (issue 11): the "Forgot password?" form asks for an email; the page an
 * emailed invite or recovery link opens sets a new password with the spec's rule (at least 8 characters, the
 * same rule as onboarding's admin password) typed twice. Supabase Auth also refuses more than 72 bytes (bcrypt).
 */
import * as z from 'zod';
import { newPassword } from '../common/field-rules.ts';

export const PASSWORD_RESET_MESSAGES = {
  email: 'Invalid email address',
  tooLong: 'Password must be at most 72 bytes',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
} as const;

/** Supabase Auth's limit (bcrypt reads no further): longer passwords are refused, not truncated. */
export const PASSWORD_MAX_BYTES = 72;

export const forgotPasswordSchema = z.object({
  email: z.email({ error: PASSWORD_RESET_MESSAGES.email }),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const setPasswordSchema = z
  .object({
    password: newPassword().refine((value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES, PASSWORD_RESET_MESSAGES.tooLong),
    confirmPassword: z.string({ error: PASSWORD_RESET_MESSAGES.confirmRequired }).min(1, PASSWORD_RESET_MESSAGES.confirmRequired),
  })
  .refine((value) => value.confirmPassword === '' || value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_RESET_MESSAGES.mismatch,
  });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
