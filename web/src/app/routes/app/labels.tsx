/** /labels signed in: the Prescription Labels screen of the signed-in staff member's pharmacy. */
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { LabelsPage } from '../../../features/labels/components/labels-page.tsx';

export function LabelsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  return <LabelsPage pharmacyId={staff.data.pharmacy.id} />;
}
