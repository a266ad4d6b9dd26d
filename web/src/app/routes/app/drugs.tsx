/**
 * /drugs (spec part 2 §2 Drug Database Management; all staff, see shared/src/screens.ts): the Drug Database of the
 * signed-in staff member's pharmacy. Pharmacists and admins change the catalog and its prices (the database enforces
 * it; the screen only disables the controls for technicians).
 */
import type { StaffRole } from '@pharmacy/shared/screens.ts';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { DrugDatabase } from '../../../features/drugs/components/drug-database.tsx';

/** The roles that add, sync and reprice catalog drugs (the catalog's RLS and the sync and pricing functions agree). */
const CATALOG_MANAGERS: readonly StaffRole[] = ['admin', 'pharmacist'];

export function DrugsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  return <DrugDatabase pharmacyId={staff.data.pharmacy.id} canManageCatalog={CATALOG_MANAGERS.includes(staff.data.user.role)} />;
}
