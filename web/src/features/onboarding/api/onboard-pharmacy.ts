/**
 * POST /api/auth/onboard (spec §7): creates the pharmacy and its admin from the wizard's payload. Its
 * answer is not read (spec §7); a failure becomes an Error with the server's message (and its listed
 * problems), for the caller to map with the shared onboardingErrorMessage to the spec's long messages (§8).
 */
import { useMutation } from '@tanstack/react-query';
import { onboardEndpoint } from '@pharmacy/shared/api/auth.ts';
import { toOnboardingWizardRequest, type OnboardingWizard } from '@pharmacy/shared/onboarding/wizard.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export async function onboardPharmacy(payload: OnboardingWizard): Promise<void> {
  try {
    await invokeApi(onboardEndpoint, toOnboardingWizardRequest(payload));
  } catch (error) {
    // An empty message is kept empty: onboardingErrorMessage (shared) turns it into the spec's default.
    throw error instanceof ApiError ? new Error(error.detail) : error;
  }
}

export function useOnboardPharmacy() {
  return useMutation({ meta: { writes: ['pharmacies', 'staff_profiles', 'subscriptions', 'security_policies', 'pharmacy_operating_hours', 'pharmacists_in_charge'] }, mutationFn: onboardPharmacy });
}
