/**
 * / signed in: the Dashboard, for the signed-in staff member and their pharmacy's record, under the DEA
 * registration banner (the prescriptions feature's; expired, or expiring within 90 days).
 */
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';

export function DashboardRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  const { user, pharmacy } = staff.data;
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      <Dashboard
        userName={`${user.firstName} ${user.lastName}`}
        pharmacy={{
          id: pharmacy.id,
          pharmacyName: pharmacy.pharmacyName,
          city: pharmacy.city,
          state: pharmacy.state,
          deaNumber: pharmacy.deaNumber,
          ncpdpId: pharmacy.ncpdpId,
          stateLicenseNumber: pharmacy.stateInternationalizeNumber,
        }}
      />
    </>
  );
}
