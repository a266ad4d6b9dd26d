/**
 * POST /api/onboarding/complete (spec §7): creates the pharmacy, its admin and the trial subscription from
 * the tabbed form plus operating hours (the defaults of spec §3 unless given), and answers with the
 * pharmacy name, the plan id and the next steps shown on the Complete tab. A failure is an ApiError with the
 * server's message.
 */
import { useMutation } from '@tanstack/react-query';
import { completeOnboardingEndpoint, type OnboardingCompleteResponse } from '@pharmacy/shared/api/onboarding.ts';
import { DEFAULT_OPERATING_HOURS, type OnboardingTabbed } from '@pharmacy/shared/onboarding/tabbed.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export type OnboardingCompleteResult = OnboardingCompleteResponse;

export function completeOnboarding(form: OnboardingTabbed): Promise<OnboardingCompleteResult> {
  return invokeApi(completeOnboardingEndpoint, { ...form, operatingHours: DEFAULT_OPERATING_HOURS });
}

export function useCompleteOnboarding() {
  return useMutation({ meta: { writes: ['pharmacies', 'staff_profiles', 'subscriptions', 'security_policies', 'pharmacy_operating_hours', 'pharmacists_in_charge'] }, mutationFn: completeOnboarding });
}
