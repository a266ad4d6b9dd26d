/**
 * Step-up for high-risk overrides (the spec's "biometric verification for high-risk overrides", issue 11): before
 * overriding a severe interaction alert the pharmacist confirms their password again. The body of
 * POST /api/step-up and the messages the override dialog shows.
 */
import * as z from 'zod';

export const STEP_UP_MESSAGES = {
  passwordRequired: 'Enter your password to confirm the override',
  wrongPassword: 'The password is not correct; the override was not confirmed',
  noEmail: 'Your account has no email address to confirm a password with',
} as const;

export const stepUpRequestSchema = z.object({
  password: z.string({ error: STEP_UP_MESSAGES.passwordRequired }).min(1, { error: STEP_UP_MESSAGES.passwordRequired }),
});
export type StepUpRequest = z.infer<typeof stepUpRequestSchema>;

/** Until when the single-use confirmation is valid (the database keeps it five minutes). */
export const stepUpResponseSchema = z.object({ expiresAt: z.string() });
