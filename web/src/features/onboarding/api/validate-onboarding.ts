/**
 * POST /api/onboarding/validate (spec §7): the server's verdict on the tabbed form — its own rules plus
 * duplicates — as { isValid, errors }. A 400 'Validation failed' answer is a verdict too (invalid, with
 * its messages); only a failure to get a verdict throws.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { OnboardingTabbed } from '@pharmacy/shared/schemas/onboarding-tabbed.ts';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';

const validationResultSchema = z.object({ isValid: z.boolean(), errors: z.array(z.string()) });

export type OnboardingValidationResult = z.infer<typeof validationResultSchema>;

export async function validateOnboarding(form: OnboardingTabbed): Promise<OnboardingValidationResult> {
  const { data, error } = await supabase.functions.invoke<unknown>('api/onboarding/validate', { method: 'POST', body: form });
  if (error) {
    const status = error instanceof FunctionsHttpError ? (error.context as Response).status : undefined;
    const body = await readFunctionsErrorBody(error);
    if (status === 400 && body.errors.length > 0) return { isValid: false, errors: body.errors };
    throw new Error(body.message);
  }
  const parsed = validationResultSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected validation answer: ${JSON.stringify(data)}`);
  return parsed.data;
}

export function useValidateOnboarding() {
  return useMutation({ mutationFn: validateOnboarding });
}
