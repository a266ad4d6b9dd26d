/**
 * POST /api/onboarding/validate (spec §7): the server's verdict on the tabbed form — its own rules plus
 * duplicates — as { isValid, errors }. A 400 'Validation failed' answer is a verdict too (invalid, with
 * its messages); only a failure to get a verdict throws.
 */
import { useMutation } from '@tanstack/react-query';
import { type OnboardingValidationResponse, validateOnboardingEndpoint } from '@pharmacy/shared/api/onboarding.ts';
import type { OnboardingTabbed } from '@pharmacy/shared/onboarding/tabbed.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export type OnboardingValidationResult = OnboardingValidationResponse;

export async function validateOnboarding(form: OnboardingTabbed): Promise<OnboardingValidationResult> {
  try {
    return await invokeApi(validateOnboardingEndpoint, form);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) return { isValid: false, errors: error.errors };
    throw error;
  }
}

export function useValidateOnboarding() {
  return useMutation({ meta: { writes: [] }, mutationFn: validateOnboarding });
}
