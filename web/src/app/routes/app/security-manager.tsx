/**
 * /security-manager (spec part 2 §2 AI Security Manager; admins only, see shared/src/staff/screens.ts): the Security
 * Manager of the signed-in admin's pharmacy. Its Credentials tab is the credentials feature's; the two features
 * meet here, and a saved policy refreshes the signed-in context (auth feature) that carries the session timeout.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { authKeys } from '../../../features/auth/keys.ts';
import { CredentialsTab } from '../../../features/credentials/components/credentials-tab.tsx';
import { SecurityManager } from '../../../features/security-manager/components/security-manager.tsx';

export function SecurityManagerRoute() {
  const queryClient = useQueryClient();
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  const pharmacyId = staff.data.pharmacy.id;
  const userId = staff.data.user.id;
  return (
    <SecurityManager
      pharmacyId={pharmacyId}
      credentialsTab={(users) => <CredentialsTab pharmacyId={pharmacyId} staff={users} />}
      // The signed-in context carries the session timeout the idle sign-out uses: a saved policy takes effect here at once.
      onPolicyUpdated={() => void queryClient.invalidateQueries({ queryKey: authKeys.currentStaff(userId) })}
    />
  );
}
