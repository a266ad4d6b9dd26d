/**
 * /reports signed in: Reports and Analytics for the signed-in staff member's pharmacy (all staff; see
 * shared/src/staff/screens.ts). Its chart library (recharts) is part of this route's chunk only.
 */
import { ReportsAnalytics } from '../../../features/reports/components/reports-analytics.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function ReportsRoute() {
  const { pharmacy, role, may } = useSignedInStaff();
  return <ReportsAnalytics pharmacyId={pharmacy.id} canReadReports={may('reports:read')} isAdmin={role === 'admin'} />;
}
