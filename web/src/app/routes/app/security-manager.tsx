/**
 * /security-manager (spec part 2 §2 AI Security Manager; admins only, see shared/src/screens.ts): the Security
 * Manager of the signed-in admin's pharmacy. Its Credentials tab is the credentials feature's; the two features
 * meet here.
 */
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { CredentialsTab } from '../../../features/credentials/components/credentials-tab.tsx';
import { SecurityManager } from '../../../features/security-manager/components/security-manager.tsx';

export function SecurityManagerRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  const pharmacyId = staff.data.pharmacy.id;
  return <SecurityManager pharmacyId={pharmacyId} credentialsTab={<CredentialsTab pharmacyId={pharmacyId} />} />;
}
