/**
 * A patient's active insurance plans in the order they pay (public.patient_insurance_plans under RLS), for Check
 * Insurance Eligibility's plan choice.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import {
  INSURANCE_PLAN_COLUMNS, insurancePlanFromRow, sortInsurancePlans, type InsurancePlan,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { billingKeys } from '../keys.ts';

export async function getPatientPlans(patientId: string): Promise<InsurancePlan[]> {
  const { data, error } = await supabase.from('patient_insurance_plans').select(INSURANCE_PLAN_COLUMNS).eq('patient_id', patientId).eq('active', true);
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return sortInsurancePlans(data.map(insurancePlanFromRow));
}

export function getPatientPlansQueryOptions(pharmacyId: string, patientId: string) {
  return queryOptions({
    meta: { reads: ['patient_insurance_plans'] },
    queryKey: billingKeys.patientPlans(pharmacyId, patientId),
    queryFn: () => getPatientPlans(patientId),
    enabled: patientId !== '',
  });
}

export function usePatientPlans(pharmacyId: string, patientId: string) {
  return useQuery(getPatientPlansQueryOptions(pharmacyId, patientId));
}
