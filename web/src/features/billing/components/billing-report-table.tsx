/**
 * A billing report as a table (components/ui/report-table.tsx): claim statuses named as the Claims tab names them.
 * The Custom report may hold 10,000 claims: the screen shows the first rows and says the CSV holds them all.
 */
import type { BillingReport } from '@pharmacy/shared/billing/billing-report.ts';
import { ReportTable } from '../../../components/ui/report-table.tsx';
import { reportColumnCell } from '../billing-reports.ts';

export function BillingReportTable({ report }: { report: BillingReport }) {
  return <ReportTable title={report.title} columns={report.columns} rows={report.rows} totals={report.totals} cell={reportColumnCell} fullRowsIn="Export CSV" />;
}
