/**
 * /prescriptions: the prescription queue for the signed-in staff member (their pharmacy, identity and permissions),
 * under the DEA registration banner (expired, or expiring within 90 days).
 */
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';
import { PrescriptionManagement } from '../../../features/prescriptions/components/prescription-management.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function PrescriptionsRoute() {
  const { user, pharmacy, permissions } = useSignedInStaff();
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      <PrescriptionManagement
        staff={{ pharmacyId: pharmacy.id, userId: user.id, firstName: user.firstName, lastName: user.lastName, permissions }}
      />
    </>
  );
}
