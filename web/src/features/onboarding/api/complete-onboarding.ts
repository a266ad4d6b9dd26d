/**
 * POST /api/onboarding/complete (spec §7): creates the pharmacy, its admin and the trial subscription from
 * the tabbed form plus operating hours (the defaults of spec §3 unless given), and answers with the
 * pharmacy name, the plan id and the next steps shown on the Complete tab.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DEFAULT_OPERATING_HOURS,
  type OnboardingComplete,
  type OnboardingTabbed,
} from '@pharmacy/shared/schemas/onboarding-tabbed.ts';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';

const completeResultSchema = z.object({
  pharmacy: z.object({ pharmacyName: z.string() }),
  subscription: z.object({ planId: z.string() }),
  nextSteps: z.array(z.string()),
});

export type OnboardingCompleteResult = z.infer<typeof completeResultSchema>;

export async function completeOnboarding(form: OnboardingTabbed): Promise<OnboardingCompleteResult> {
  const payload: OnboardingComplete = { ...form, operatingHours: DEFAULT_OPERATING_HOURS };
  const { data, error } = await supabase.functions.invoke<unknown>('api/onboarding/complete', { method: 'POST', body: payload });
  if (error) throw new Error((await readFunctionsErrorBody(error)).message);
  const parsed = completeResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected answer to account creation: ${JSON.stringify(data)}`);
  return parsed.data;
}

export function useCompleteOnboarding() {
  return useMutation({ mutationFn: completeOnboarding });
}
