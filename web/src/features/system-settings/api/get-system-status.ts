/**
 * The system status for the System Settings summary card (GET /api/system-status): a health check the api runs when
 * asked — database round trip with its latency, the api function, Storage — 'operational' only when all are ok.
 * Each fetch is a new check (never served from cache as current: staleTime 0), refreshed every minute while shown.
 */
import { type SystemStatus, systemStatusEndpoint } from '@pharmacy/shared/api/system-status.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { systemSettingsKeys } from '../keys.ts';

export const SYSTEM_STATUS_REFRESH_MS = 60_000;

export function getSystemStatus(): Promise<SystemStatus> {
  return invokeApi(systemStatusEndpoint);
}

export function getSystemStatusQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: [] },
    queryKey: systemSettingsKeys.systemStatus(pharmacyId),
    queryFn: getSystemStatus,
    staleTime: 0,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
  });
}

export function useSystemStatus(pharmacyId: string) {
  return useQuery(getSystemStatusQueryOptions(pharmacyId));
}
