/**
 * The system alerts panel: the conditions of the caller's pharmacy that need someone, each with the screen to act on
 * it (public.reports_system_alerts). Which conditions, and their thresholds, are the database function's.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { systemAlertsSchema, type SystemAlerts } from '@pharmacy/shared/reports/overview.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { reportsKeys } from '../keys.ts';

export async function getSystemAlerts(): Promise<SystemAlerts> {
  const { data, error } = await supabase.rpc('reports_system_alerts');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const parsed = systemAlertsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Unexpected system alerts: ${parsed.error.message}`);
  return parsed.data;
}

export function getSystemAlertsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: {
      reads: ['inventory_totals', 'medications', 'inventory_lots', 'pharmacy_settings', 'pharmacists_in_charge', 'prescriptions',
        'claims', 'claim_counters', 'outbound_messages', 'pharmacies'],
    },
    queryKey: reportsKeys.systemAlerts(pharmacyId),
    queryFn: () => getSystemAlerts(),
  });
}

export function useSystemAlerts(pharmacyId: string) {
  return useQuery(getSystemAlertsQueryOptions(pharmacyId));
}
