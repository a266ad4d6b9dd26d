/**
 * /providers (spec part 2 §2 Provider Management; all staff, see shared/src/staff/screens.ts): the prescriber
 * directory of the signed-in staff member's pharmacy. Any staff member adds a provider; pharmacists and admins
 * (prescribers:verify) edit and verify; admins (settings:manage) upload the OIG exclusion list. The database
 * enforces each; the screen only leaves out the controls a role may not use.
 */
import { ProviderManagement } from '../../../features/providers/components/provider-management.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function ProvidersRoute() {
  const staff = useSignedInStaff();
  return (
    <ProviderManagement
      pharmacyId={staff.pharmacy.id}
      userId={staff.user.id}
      canVerify={staff.may('prescribers:verify')}
      canManageExclusionList={staff.role === 'admin'}
    />
  );
}
