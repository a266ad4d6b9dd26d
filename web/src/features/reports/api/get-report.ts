/**
 * One report on screen (GET /api/reports/{report}?from&to, JSON): the database function behind it decides who may
 * read it (pharmacists and admins) and whose pharmacy it is. The screen and the exports read the same endpoint.
 */
import { reportEndpoint } from '@pharmacy/shared/api/reports.ts';
import type { Report, ReportName } from '@pharmacy/shared/reports/report.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { reportsKeys } from '../keys.ts';
import type { DayRange } from '../report-period.ts';

export interface ReportRequest {
  report: ReportName;
  range: DayRange;
}

export function getReport({ report, range }: ReportRequest): Promise<Report> {
  return invokeApi(reportEndpoint, { report }, { from: range.from, to: range.to, format: 'json' });
}

export function getReportQueryOptions(pharmacyId: string, request: ReportRequest) {
  return queryOptions({
    meta: {
      reads: ['prescriptions', 'prescription_billing', 'claims', 'patient_payments', 'inventory_movements', 'inventory_lots',
        'medications', 'patients', 'patient_insurance_plans', 'prescribers', 'dispensing_log_sign_offs', 'pharmacy_settings'],
    },
    queryKey: reportsKeys.report(pharmacyId, request.report, request.range.from, request.range.to),
    queryFn: () => getReport(request),
  });
}

export function useReport(pharmacyId: string, request: ReportRequest | null) {
  return useQuery({
    ...getReportQueryOptions(pharmacyId, request ?? { report: 'sales', range: { from: '', to: '' } }),
    enabled: request !== null,
  });
}
