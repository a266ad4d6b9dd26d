/**
 * /reports signed in: Reports and Analytics for the signed-in staff member's pharmacy (all staff; see
 * shared/src/staff/screens.ts). The reports themselves are for those who may read them (reports:read); the
 * dispensing log's sign-off and the PMP file for those who verify fills. Its chart library (recharts) is part of
 * this route's chunk only.
 */
import { screensForRole } from '@pharmacy/shared/staff/screens.ts';
import { useMemo } from 'react';
import { ReportsAnalytics } from '../../../features/reports/components/reports-analytics.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function ReportsRoute() {
  const { pharmacy, role, may } = useSignedInStaff();
  const access = useMemo(() => ({
    canReadReports: may('reports:read'),
    canSignOff: may('prescriptions:verify'),
    openablePaths: new Set(screensForRole(role).map((screen) => screen.path)),
  }), [may, role]);
  return <ReportsAnalytics pharmacyId={pharmacy.id} access={access} />;
}
