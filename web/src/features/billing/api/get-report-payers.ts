/**
 * The payers the Reports tab's payer choice offers: each BIN the pharmacy billed in the range, with the payer's name,
 * from the Payer Performance report (public.billing_report over the claims' daily rollups, so one row per payer
 * whatever the volume). No other endpoint lists the distinct payers.
 */
import { billingReportEndpoint } from '@pharmacy/shared/api/claims.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { reportPayers, type ReportPayer } from '../billing-reports.ts';
import { billingKeys } from '../keys.ts';

export async function getReportPayers(from: string, to: string): Promise<ReportPayer[]> {
  return reportPayers(await invokeApi(billingReportEndpoint, { report: 'payer-performance' }, { from, to }));
}

export function getReportPayersQueryOptions(pharmacyId: string, from: string, to: string) {
  return queryOptions({
    meta: { reads: ['claim_daily_totals', 'claim_answer_times', 'claims'] },
    queryKey: billingKeys.reportPayers(pharmacyId, from, to),
    queryFn: () => getReportPayers(from, to),
    placeholderData: keepPreviousData,
  });
}

/** Only for a range the report takes (the form has checked it). */
export function useReportPayers(pharmacyId: string, from: string, to: string, enabled: boolean) {
  return useQuery({ ...getReportPayersQueryOptions(pharmacyId, from, to), enabled });
}
