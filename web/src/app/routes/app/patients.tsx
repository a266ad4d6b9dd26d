/** /patients (spec §2 Patient Management): the patients screen for the signed-in staff member's pharmacy. */
import { PatientManagement } from '../../../features/patients/components/patient-management.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function PatientsRoute() {
  const staff = useSignedInStaff();
  return (
    <PatientManagement
      pharmacyId={staff.pharmacy.id}
      canSeeAccessHistory={staff.may('audit:read')}
      canVerifyPrescriptions={staff.may('prescriptions:verify')}
      canEditInsurance={staff.may('patients:write')}
    />
  );
}
