/**
 * /drugs (spec part 2 §2 Drug Database Management; all staff, see shared/src/staff/screens.ts): the Drug Database of the
 * signed-in staff member's pharmacy. A drug's details are its formulary (the formulary feature; the two features meet
 * here). Staff with drugs:manage (pharmacists and admins) change the catalog, its prices and the formulary; the
 * database enforces it, the screen only disables the controls for the others (technicians).
 */
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { DrugDatabase } from '../../../features/drugs/components/drug-database.tsx';
import { MedicationFormulary } from '../../../features/formulary/components/medication-formulary.tsx';

/**
 * The permission the database checks for every change of drug data — catalog edits, sync, price updates and their
 * schedule, the formulary (private.current_staff_can('drugs:manage'); pharmacists and admins hold it).
 */
const MANAGE_DRUGS = 'drugs:manage';

export function DrugsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  const pharmacyId = staff.data.pharmacy.id;
  const canManageCatalog = staff.data.permissions.includes(MANAGE_DRUGS);
  return (
    <DrugDatabase
      pharmacyId={pharmacyId}
      canManageCatalog={canManageCatalog}
      renderDrugDetails={(drug) => (
        <MedicationFormulary
          pharmacyId={pharmacyId}
          medicationId={drug.id}
          medicationName={[drug.name, drug.strength].filter(Boolean).join(' ')}
          canEdit={canManageCatalog}
        />
      )}
    />
  );
}
