/**
 * The patient's insurance plans (public.patient_insurance_plans; staff read their pharmacy's, RLS applies), active
 * ones first in the order they pay (primary, secondary, tertiary), then deactivated ones. A live table: a plan added
 * or deactivated at another terminal refreshes it.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import {
  INSURANCE_PLAN_COLUMNS, insurancePlanFromRow, sortInsurancePlans, type InsurancePlan,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { patientKeys } from '../keys.ts';

export async function getPatientInsurancePlans(patientId: string): Promise<InsurancePlan[]> {
  const { data, error } = await supabase.from('patient_insurance_plans').select(INSURANCE_PLAN_COLUMNS).eq('patient_id', patientId);
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return sortInsurancePlans(data.map(insurancePlanFromRow));
}

export function getPatientInsurancePlansQueryOptions(pharmacyId: string, patientId: string) {
  return queryOptions({
    meta: { reads: ['patient_insurance_plans'] },
    queryKey: patientKeys.insurancePlans(pharmacyId, patientId),
    queryFn: () => getPatientInsurancePlans(patientId),
  });
}

export function usePatientInsurancePlans(pharmacyId: string, patientId: string) {
  return useQuery(getPatientInsurancePlansQueryOptions(pharmacyId, patientId));
}
