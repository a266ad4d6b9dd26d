/**
 * /prescription-files (spec part 2 §2 Prescription File Management; all staff, see shared/src/staff/screens.ts): the
 * pharmacy's faxes, scans and e-prescriptions. The review's "Create prescription" is the prescriptions feature's form
 * (prescription-file-prescription-dialog.tsx): the two features meet here.
 */
import { PrescriptionFileManagement } from '../../../features/prescription-files/components/prescription-file-management.tsx';
import { PrescriptionFileReview } from '../../../features/prescription-files/components/prescription-file-review.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';
import { prescriptionFilePrescriptionDialog } from './prescription-file-prescription-dialog.tsx';

export function PrescriptionFilesRoute() {
  const { pharmacy } = useSignedInStaff();
  return (
    <PrescriptionFileManagement
      pharmacyId={pharmacy.id}
      renderReview={(file, onClose) => (
        <PrescriptionFileReview file={file} pharmacyId={pharmacy.id} onClose={onClose} createPrescriptionDialog={prescriptionFilePrescriptionDialog} />
      )}
    />
  );
}
