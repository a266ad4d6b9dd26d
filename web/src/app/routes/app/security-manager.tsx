/**
 * /security-manager (spec part 2 §2 AI Security Manager; admins only, see shared/src/staff/screens.ts): the Security
 * Manager of the signed-in admin's pharmacy. Its Credentials tab is the credentials feature's; the two features
 * meet here. A saved policy reaches every screen applying it (the queue, the idle sign-out) through the one security
 * policy query, which reads the table the save writes.
 */
import { CredentialsTab } from '../../../features/credentials/components/credentials-tab.tsx';
import { SecurityManager } from '../../../features/security-manager/components/security-manager.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function SecurityManagerRoute() {
  const pharmacyId = useSignedInStaff().pharmacy.id;
  return <SecurityManager pharmacyId={pharmacyId} credentialsTab={(users) => <CredentialsTab pharmacyId={pharmacyId} staff={users} />} />;
}
