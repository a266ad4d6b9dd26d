/**
 * / signed in: the Dashboard, for the signed-in staff member and their pharmacy's record, under the DEA
 * registration banner (the prescriptions feature's; expired, or expiring within 90 days).
 */
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function DashboardRoute() {
  const { user, pharmacy } = useSignedInStaff();
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      <Dashboard userName={`${user.firstName} ${user.lastName}`} pharmacy={pharmacy} />
    </>
  );
}
