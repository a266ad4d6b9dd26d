/** /labels signed in: the Prescription Labels screen of the signed-in staff member's pharmacy. */
import { LabelsPage } from '../../../features/labels/components/labels-page.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function LabelsRoute() {
  return <LabelsPage pharmacyId={useSignedInStaff().pharmacy.id} />;
}
