/**
 * /prescriptions: the prescription queue for the signed-in staff member (their pharmacy, identity and permissions),
 * under the DEA registration banner (expired, or expiring within 90 days). The New Prescription form's "Add provider"
 * is the Provider Management dialog: the two features meet here. `?tab=&search=` opens a tab narrowed to an Rx number
 * (another screen's link to one prescription); `?rx=` opens that Rx number's Refill dialog (the header's global search).
 * The queue is mounted again for another address, so a second search result opens while the queue is shown.
 */
import { prescriberDisplayName } from '@pharmacy/shared/prescribers/prescriber.ts';
import { parseQueueLink } from '@pharmacy/shared/prescriptions/queue-link.ts';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { AddPrescriberDialog } from '../../../features/prescriptions/components/new-prescription-dialog.tsx';
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';
import { PrescriptionManagement } from '../../../features/prescriptions/components/prescription-management.tsx';
import { PrescriberFormDialog } from '../../../features/providers/components/prescriber-form-dialog.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

const addPrescriberDialog: AddPrescriberDialog = ({ onClose, onSaved }) => (
  <PrescriberFormDialog
    open
    onClose={onClose}
    onSaved={(saved) => onSaved({ id: saved.id, label: prescriberDisplayName(saved), deaNumber: saved.deaNumber })}
  />
);

export function PrescriptionsRoute() {
  const { user, pharmacy, permissions } = useSignedInStaff();
  // ?tab=&search= (shared/src/prescriptions/queue-link.ts): another screen's link to one prescription.
  const [params] = useSearchParams();
  const link = parseQueueLink(params);
  const location = useLocation();
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      <PrescriptionManagement
        key={location.key}
        staff={{ pharmacyId: pharmacy.id, userId: user.id, firstName: user.firstName, lastName: user.lastName, permissions }}
        addPrescriberDialog={addPrescriberDialog}
        initialTab={link.tab}
        initialSearch={link.search}
        initialRefillRxNumber={link.refillRxNumber}
      />
    </>
  );
}
