/**
 * Add plan: inserts the validated plan for the patient as the signed-in staff member (RLS applies; the database
 * fills in their pharmacy, who and when, and refuses a second active plan of one priority in a sentence). The
 * patient's insurance columns follow the primary plan (the database's mirror), so the patient lists refresh too.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import {
  INSURANCE_PLAN_COLUMNS, insurancePlanFromRow, insurancePlanRowFromForm, type InsurancePlan, type InsurancePlanFormValues,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export interface CreateInsurancePlanInput {
  patientId: string;
  values: InsurancePlanFormValues;
}

export async function createInsurancePlan({ patientId, values }: CreateInsurancePlanInput): Promise<InsurancePlan> {
  const { data, error } = await supabase
    .from('patient_insurance_plans')
    .insert({ patient_id: patientId, ...insurancePlanRowFromForm(values) })
    .select(INSURANCE_PLAN_COLUMNS)
    .single();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return insurancePlanFromRow(data);
}

export function useCreateInsurancePlan() {
  return useMutation({
    meta: { writes: ['patient_insurance_plans', 'patients', 'audit_log'] },
    mutationFn: createInsurancePlan,
  });
}
