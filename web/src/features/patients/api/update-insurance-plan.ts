/**
 * Edit plan: writes the validated plan over the stored one as the signed-in staff member (RLS applies; its patient
 * never changes). A plan the caller may not change comes back as no row, which is reported rather than taken for
 * success. The patient's insurance columns follow the primary plan, so the patient lists refresh too.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import {
  INSURANCE_PLAN_COLUMNS, insurancePlanFromRow, insurancePlanRowFromForm, type InsurancePlan, type InsurancePlanFormValues,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export interface UpdateInsurancePlanInput {
  planId: string;
  values: InsurancePlanFormValues;
}

export async function updateInsurancePlan({ planId, values }: UpdateInsurancePlanInput): Promise<InsurancePlan> {
  const { data, error } = await supabase
    .from('patient_insurance_plans')
    .update(insurancePlanRowFromForm(values))
    .eq('id', planId)
    .select(INSURANCE_PLAN_COLUMNS)
    .maybeSingle();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  if (data === null) throw new Error('This insurance plan no longer exists or you may not change it.');
  return insurancePlanFromRow(data);
}

export function useUpdateInsurancePlan() {
  return useMutation({
    meta: { writes: ['patient_insurance_plans', 'patients', 'audit_log'] },
    mutationFn: updateInsurancePlan,
  });
}
