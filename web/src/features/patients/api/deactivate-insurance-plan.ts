/**
 * Deactivate plan: a plan is never removed (claims refer to it); it is marked inactive, which frees its priority
 * for another plan. Deactivating the primary plan leaves the patient with 'No insurance' in the lists until another
 * primary plan is added (the database's mirror).
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export async function deactivateInsurancePlan(planId: string): Promise<void> {
  const { data, error } = await supabase.from('patient_insurance_plans').update({ active: false }).eq('id', planId).select('id').maybeSingle();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  if (data === null) throw new Error('This insurance plan no longer exists or you may not change it.');
}

export function useDeactivateInsurancePlan() {
  return useMutation({
    meta: { writes: ['patient_insurance_plans', 'patients', 'audit_log'] },
    mutationFn: deactivateInsurancePlan,
  });
}
