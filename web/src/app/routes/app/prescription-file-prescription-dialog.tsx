/**
 * "Create prescription" from a prescription file (issue 23): the prescriptions feature's prescription form, opened
 * with the file's data (shared/src/prescription-files/file-review.ts: the matched patient, prescriber and catalog
 * drug with their names, quantity, days supply, directions, refills, the date signed, the type its arrival implies)
 * and sent to POST /api/prescription-files/{id}/prescription, the same entry as manual entry, linked to the file in
 * the same insert. The two features meet here, in the route: /prescription-files renders it as the review's
 * `createPrescriptionDialog`. The "Add provider" link is the Provider Management dialog, as on /prescriptions.
 */
import { createPrescriptionFromFileEndpoint } from '@pharmacy/shared/api/prescription-files.ts';
import { prescriptionFormFromFile } from '@pharmacy/shared/prescription-files/file-review.ts';
import { prescriberDisplayName } from '@pharmacy/shared/prescribers/prescriber.ts';
import type { PrescriptionFormValues } from '@pharmacy/shared/prescriptions/prescription.ts';
import type { CreatePrescriptionDialog } from '../../../features/prescription-files/components/prescription-file-review.tsx';
import { NewPrescriptionDialog, type AddPrescriberDialog } from '../../../features/prescriptions/components/new-prescription-dialog.tsx';
import { PrescriberFormDialog } from '../../../features/providers/components/prescriber-form-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';
import type { TableName } from '../../../lib/table-queries.ts';

/** Besides the prescription's own tables: the file, linked in the same insert (its counters follow). */
const FILE_PRESCRIPTION_WRITES: readonly TableName[] = ['prescription_files', 'prescription_file_counters'];

const addPrescriberDialog: AddPrescriberDialog = ({ onClose, onSaved }) => (
  <PrescriberFormDialog
    open
    onClose={onClose}
    onSaved={(saved) => onSaved({ id: saved.id, label: prescriberDisplayName(saved), deaNumber: saved.deaNumber })}
  />
);

type Props = Parameters<CreatePrescriptionDialog>[0];

function FilePrescriptionDialog({ file, matches, onClose, onCreated }: Props) {
  const { pharmacy, permissions } = useSignedInStaff();
  const submit = async (form: PrescriptionFormValues) => {
    try {
      return await invokeApi(createPrescriptionFromFileEndpoint, { id: file.id }, form);
    } catch (error) {
      // The server's sentence (with its listed problems) is what the form's toast says, as for manual entry.
      throw error instanceof ApiError ? new Error(error.detail) : error;
    }
  };
  return (
    <NewPrescriptionDialog
      pharmacyId={pharmacy.id}
      title={`Create prescription from ${file.fileName}`}
      initialValues={{
        values: prescriptionFormFromFile(file),
        patientLabel: matches.patient?.label,
        prescriberLabel: matches.prescriber?.label,
        medicationLabel: matches.medication?.label,
      }}
      submit={submit}
      submitWrites={FILE_PRESCRIPTION_WRITES}
      onCreated={onCreated}
      onClose={onClose}
      canOverrideExclusion={permissions.includes('prescribers:verify')}
      addPrescriberDialog={addPrescriberDialog}
    />
  );
}

/** The review's `createPrescriptionDialog`. */
export const prescriptionFilePrescriptionDialog: CreatePrescriptionDialog = (props) => <FilePrescriptionDialog {...props} />;
