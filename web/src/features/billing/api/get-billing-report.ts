/**
 * One report of the Reports tab (GET /api/claims/reports/{report}?from=&to=&payer=, public.billing_report as the
 * caller): its columns with their kinds, rows and totals, money in cents. Read from the claims' rollups and events
 * and the patients' payments; Aging from the claims not paid.
 */
import { billingReportEndpoint } from '@pharmacy/shared/api/claims.ts';
import type { BillingReport } from '@pharmacy/shared/billing/billing-report.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { ReportRequest } from '../billing-reports.ts';
import { billingKeys } from '../keys.ts';

export function getBillingReport({ report, query }: ReportRequest): Promise<BillingReport> {
  return invokeApi(billingReportEndpoint, { report }, query);
}

export function getBillingReportQueryOptions(pharmacyId: string, request: ReportRequest) {
  return queryOptions({
    meta: { reads: ['claims', 'claim_daily_totals', 'claim_answer_times', 'claim_events', 'patient_payments', 'patients'] },
    queryKey: billingKeys.report(pharmacyId, request.report, request.query.from ?? '', request.query.to ?? '', request.query.payer ?? ''),
    queryFn: () => getBillingReport(request),
    placeholderData: keepPreviousData,
  });
}

/** The report asked for; none until the form is first checked. */
export function useBillingReport(pharmacyId: string, request: ReportRequest | null) {
  return useQuery({
    ...getBillingReportQueryOptions(pharmacyId, request ?? { report: 'daily-claims', query: {} }),
    enabled: request !== null,
  });
}
