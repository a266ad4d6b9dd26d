/**
 * What the onboarding endpoints of the `api` function answer (spec §3, §7), shared so the web app reads
 * exactly what the function sends.
 */

/** 201 from POST /api/auth/onboard. */
export interface OnboardResponse {
  pharmacy: { id: string; pharmacyName: string };
  user: { id: string; email: string };
}

/** 200 from POST /api/onboarding/validate. */
export interface OnboardingValidationResponse {
  isValid: boolean;
  errors: string[];
}

/** 201 from POST /api/onboarding/complete. */
export interface OnboardingCompleteResponse {
  pharmacy: { id: string; pharmacyName: string };
  user: { id: string; email: string };
  subscription: { planId: string; status: string; trialEndsAt: string | null };
  nextSteps: string[];
}

/** 400 from the onboarding endpoints when the body breaks a rule. */
export interface ValidationFailedResponse {
  error: 'Validation failed';
  errors: string[];
}

/** 409 when a registration number or the admin email is already taken; `errors` lists every conflict. */
export interface OnboardingConflictResponse {
  error: string;
  errors: string[];
}

/** What a new pharmacy does next; the Complete tab shows the first three (spec §2). */
export const ONBOARDING_NEXT_STEPS = [
  'Sign in with your admin email and password',
  'Add your pharmacists and technicians as staff users',
  'Review your pharmacy profile and operating hours',
  'Set up your drug inventory and wholesaler connections',
  'Enter your first prescription',
] as const;
