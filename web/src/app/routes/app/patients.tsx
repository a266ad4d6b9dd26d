/**
 * /patients (spec §2 Patient Management): the patients screen for the signed-in staff member's pharmacy.
 * `?patient=<id>` opens that patient's details (the header's global search); each visit to the address mounts the
 * screen again, so choosing a patient while the screen is shown opens them too.
 */
import { useLocation, useSearchParams } from 'react-router-dom';
import { PatientManagement } from '../../../features/patients/components/patient-management.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function PatientsRoute() {
  const staff = useSignedInStaff();
  const [params] = useSearchParams();
  const location = useLocation();
  const requested = params.get('patient')?.trim() ?? '';
  const patientId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(requested) ? requested : undefined;
  return (
    <PatientManagement
      key={location.key}
      pharmacyId={staff.pharmacy.id}
      canSeeAccessHistory={staff.may('audit:read')}
      canVerifyPrescriptions={staff.may('prescriptions:verify')}
      canEditInsurance={staff.may('patients:write')}
      initialPatientId={patientId}
    />
  );
}
