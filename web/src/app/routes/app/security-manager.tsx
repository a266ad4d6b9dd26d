/**
 * /security-manager (spec part 2 §2 AI Security Manager; admins only, see shared/src/screens.ts): the Security
 * Manager of the signed-in admin's pharmacy. The Credentials tab is another feature's; the two meet here.
 */
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { SecurityManager } from '../../../features/security-manager/components/security-manager.tsx';

export function SecurityManagerRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  return <SecurityManager pharmacyId={staff.data.pharmacy.id} credentialsTab={null} />;
}
