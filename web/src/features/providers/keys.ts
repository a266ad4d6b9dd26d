/**
 * Query keys of Provider Management, starting with the pharmacy so one pharmacy's cache never answers for another.
 * What a save, a verification, an exclusion list upload or another terminal's change refreshes is decided by the
 * tables each query reads (lib/table-queries.ts); the keys only group the directory's reads.
 */
import type { DirectoryTabKey } from '@pharmacy/shared/prescribers/prescriber.ts';

export const providerKeys = {
  all: (pharmacyId: string) => ['pharmacy', pharmacyId, 'providers'] as const,
  /** public.prescriber_directory: the keyset pages of one tab and search. */
  directory: (pharmacyId: string, tab: DirectoryTabKey, search: string) => [...providerKeys.all(pharmacyId), 'directory', { tab, search }] as const,
  /** public.prescriber_directory_counts for a search: the tabs' counts. */
  counts: (pharmacyId: string, search: string) => [...providerKeys.all(pharmacyId), 'counts', search] as const,
  /** GET /api/prescribers/{id}: one prescriber with its verification history. */
  detail: (pharmacyId: string, prescriberId: string) => [...providerKeys.all(pharmacyId), 'detail', prescriberId] as const,
  /** public.prescriber_credential_alerts: licences and DEA registrations expired or expiring soon. */
  credentialAlerts: (pharmacyId: string) => [...providerKeys.all(pharmacyId), 'credential-alerts'] as const,
  /** public.oig_exclusion_lists: the pharmacy's current OIG exclusion list. */
  exclusionList: (pharmacyId: string) => [...providerKeys.all(pharmacyId), 'exclusion-list'] as const,
  /** pharmacies.time_zone: whose local date is "today" for the credential flags. */
  timeZone: (pharmacyId: string) => [...providerKeys.all(pharmacyId), 'time-zone'] as const,
};
