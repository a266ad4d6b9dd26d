/** /patients (spec §2 Patient Management): the patients screen for the signed-in staff member's pharmacy. */
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { PatientManagement } from '../../../features/patients/components/patient-management.tsx';

export function PatientsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  return <PatientManagement pharmacyId={staff.data.pharmacy.id} canSeeAccessHistory={staff.data.permissions.includes('audit:read')} />;
}
