/**
 * The pharmacy's controlled substance status (public.controlled_substance_status(), any staff member): the DEA
 * registration's expiration for the banner, which schedules it dispenses, whether Schedule II fills need a double
 * count, and today's controlled fills against the daily maximum. The database enforces all of it whatever the
 * screen shows; the queue uses it to offer the double count, the queue and the dashboard to show the banner.
 */
import { controlledSubstanceStatusSchema, type ControlledSubstanceStatus } from '@pharmacy/shared/prescriptions/controlled-substance-status.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionKeys } from '../keys.ts';

export async function getControlledSubstanceStatus(): Promise<ControlledSubstanceStatus> {
  const { data, error } = await supabase.rpc('controlled_substance_status');
  if (error) throw new Error(error.message);
  const parsed = controlledSubstanceStatusSchema.safeParse(data);
  if (!parsed.success) throw new Error(`The server described the controlled substance status in an unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

export function getControlledSubstanceStatusQueryOptions(pharmacyId: string) {
  return queryOptions({
    // Today's controlled fills are the prescriptions filled today whose medication has a DEA schedule.
    meta: { reads: ['pharmacy_settings', 'pharmacies', 'prescriptions', 'medications'] },
    queryKey: prescriptionKeys.controlledStatus(pharmacyId),
    queryFn: getControlledSubstanceStatus,
  });
}

export function useControlledSubstanceStatus(pharmacyId: string) {
  return useQuery(getControlledSubstanceStatusQueryOptions(pharmacyId));
}
