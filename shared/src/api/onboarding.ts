/**
 * The tabbed onboarding's calls (spec §3, §7), both open to anyone (the visitor is creating their account)
 * and limited per client IP (429):
 * - POST /api/onboarding/validate — any JSON object: the form is judged by the server (the shared schema, the
 *   plan against the active plans, registration numbers and the admin email against existing ones) and the
 *   verdict is always 200 { isValid, errors }.
 * - POST /api/onboarding/complete — the form plus operatingHours; 201 { pharmacy, user, subscription, nextSteps };
 *   400 'Validation failed' with `errors`, 409 with every conflict in `errors`.
 */
import * as z from 'zod';
import { onboardingCompleteSchema } from '../onboarding/tabbed.ts';
import { apiEndpoint, jsonObjectSchema } from './endpoint.ts';

/** What a new pharmacy does next; the Complete tab shows the first three (spec §2). */
export const ONBOARDING_NEXT_STEPS = [
  'Sign in with your admin email and password',
  'Add your pharmacists and technicians as staff users',
  'Review your pharmacy profile and operating hours',
  'Set up your drug inventory and wholesaler connections',
  'Enter your first prescription',
] as const;

/** The pharmacy and admin an onboarding created (both onboarding endpoints answer them). */
export const onboardedPharmacySchema = z.object({ id: z.string(), pharmacyName: z.string() });
export const onboardedUserSchema = z.object({ id: z.string(), email: z.string() });

export const onboardingValidationResponseSchema = z.object({ isValid: z.boolean(), errors: z.array(z.string()) });
export type OnboardingValidationResponse = z.infer<typeof onboardingValidationResponseSchema>;

export const onboardingCompleteResponseSchema = z.object({
  pharmacy: onboardedPharmacySchema,
  user: onboardedUserSchema,
  subscription: z.object({ planId: z.string(), status: z.string(), trialEndsAt: z.string().nullable() }),
  nextSteps: z.array(z.string()),
});
export type OnboardingCompleteResponse = z.infer<typeof onboardingCompleteResponseSchema>;

export const validateOnboardingEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/onboarding/validate',
  access: 'anyone',
  request: jsonObjectSchema,
  response: onboardingValidationResponseSchema,
  format: 'json',
  successStatus: 200,
});

export const completeOnboardingEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/onboarding/complete',
  access: 'anyone',
  request: onboardingCompleteSchema,
  response: onboardingCompleteResponseSchema,
  format: 'json',
  successStatus: 201,
});
