/** / signed in: the Dashboard, for the signed-in staff member and their pharmacy's record. */
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';

export function DashboardRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  const { user, pharmacy } = staff.data;
  return (
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
  );
}
