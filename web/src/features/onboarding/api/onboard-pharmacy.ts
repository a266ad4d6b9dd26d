/**
 * POST /api/auth/onboard (spec §7): creates the pharmacy and its admin from the wizard's payload. Its
 * answer is not read (spec §7); a failure becomes an Error with the server's message, for the caller
 * to map with the shared onboardingErrorMessage to the spec's long messages (§8).
 */
import { useMutation } from '@tanstack/react-query';
import type { OnboardingWizard } from '@pharmacy/shared/schemas/onboarding-wizard.ts';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function onboardPharmacy(payload: OnboardingWizard): Promise<void> {
  const { error } = await supabase.functions.invoke('api/auth/onboard', { method: 'POST', body: payload });
  if (!error) return;
  const { message, errors } = await readFunctionsErrorBody(error);
  const detail = errors.length > 0 ? `${message}: ${errors.join('; ')}` : message;
  // An empty message is kept empty: onboardingErrorMessage (shared) turns it into the spec's default.
  throw new Error(detail);
}

export function useOnboardPharmacy() {
  return useMutation({ mutationFn: onboardPharmacy });
}
