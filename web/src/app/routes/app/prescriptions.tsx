/**
 * /prescriptions: the prescription queue for the signed-in staff member, whose pharmacy, identity and
 * permissions come from the current-user query (loaded before the signed-in route set mounts), under the DEA
 * registration banner (expired, or expiring within 90 days).
 */
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';
import { PrescriptionManagement } from '../../../features/prescriptions/components/prescription-management.tsx';

export function PrescriptionsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  const { user, pharmacy, permissions } = staff.data;
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      <PrescriptionManagement
        staff={{ pharmacyId: pharmacy.id, userId: user.id, firstName: user.firstName, lastName: user.lastName, permissions }}
      />
    </>
  );
}
