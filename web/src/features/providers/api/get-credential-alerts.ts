/**
 * The credential alerts panel (issue 22): the pharmacy's prescriber licences and DEA registrations expired or
 * expiring within CREDENTIAL_ALERT_DAYS (public.prescriber_credential_alerts, soonest first, against the pharmacy's
 * local date), the first CREDENTIAL_ALERTS_LISTED of them and how many there are in all (counted by the database).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CREDENTIAL_ALERT_COLUMNS,
  CREDENTIAL_ALERT_DAYS,
  type CredentialAlert,
  credentialAlertFromRow,
} from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';
import { providerKeys } from '../keys.ts';

/** How many alerts the panel lists at once; the rest are counted. */
export const CREDENTIAL_ALERTS_LISTED = 50;

export interface CredentialAlerts {
  alerts: CredentialAlert[];
  total: number;
}

export async function getCredentialAlerts(): Promise<CredentialAlerts> {
  const { data, error, count } = await supabase
    .rpc('prescriber_credential_alerts', { within_days: CREDENTIAL_ALERT_DAYS }, { count: 'exact' })
    .select(CREDENTIAL_ALERT_COLUMNS)
    .limit(CREDENTIAL_ALERTS_LISTED);
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return {
    total: count ?? data.length,
    alerts: data.map(credentialAlertFromRow),
  };
}

export function getCredentialAlertsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['prescribers'] },
    queryKey: providerKeys.credentialAlerts(pharmacyId),
    queryFn: getCredentialAlerts,
  });
}

export function useCredentialAlerts(pharmacyId: string) {
  return useQuery(getCredentialAlertsQueryOptions(pharmacyId));
}
