/**
 * The dashboard's prescriber credential alerts (issue 22): the pharmacy's prescriber licences and DEA registrations
 * expired or expiring within 90 days (public.prescriber_credential_alerts, soonest first) — the first few, and how
 * many there are in all (counted by the database).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CREDENTIAL_ALERT_COLUMNS,
  CREDENTIAL_ALERT_DAYS,
  type CredentialAlert,
  credentialAlertFromRow,
} from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

/** How many alerts the card lists (the rest are on the Providers screen). */
export const CREDENTIAL_ALERTS_SHOWN = 5;

export interface PrescriberCredentialAlerts {
  alerts: CredentialAlert[];
  total: number;
}

export async function getPrescriberCredentialAlerts(): Promise<PrescriberCredentialAlerts> {
  const { data, error, count } = await supabase
    .rpc('prescriber_credential_alerts', { within_days: CREDENTIAL_ALERT_DAYS }, { count: 'exact' })
    .select(CREDENTIAL_ALERT_COLUMNS)
    .limit(CREDENTIAL_ALERTS_SHOWN);
  if (error) throw new Error(error.message);
  return {
    total: count ?? data.length,
    alerts: data.map(credentialAlertFromRow),
  };
}

export function getPrescriberCredentialAlertsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['prescribers'] },
    queryKey: dashboardKeys.prescriberCredentialAlerts(pharmacyId),
    queryFn: getPrescriberCredentialAlerts,
  });
}

export function usePrescriberCredentialAlerts(pharmacyId: string) {
  return useQuery(getPrescriberCredentialAlertsQueryOptions(pharmacyId));
}
