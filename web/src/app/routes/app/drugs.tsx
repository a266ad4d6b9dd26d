/**
 * /drugs (spec part 2 §2 Drug Database Management; all staff, see shared/src/staff/screens.ts): the Drug Database of the
 * signed-in staff member's pharmacy. A drug's details are its formulary (the formulary feature; the two features meet
 * here). Staff with drugs:manage (pharmacists and admins) change the catalog, its prices and the formulary; the
 * database enforces it, the screen only disables the controls for the others (technicians). `?q=&drug=` searches the
 * catalog and shows that drug open (the header's global search); each visit to the address mounts the screen again.
 */
import { useLocation, useSearchParams } from 'react-router-dom';
import { DrugDatabase } from '../../../features/drugs/components/drug-database.tsx';
import { MedicationFormulary } from '../../../features/formulary/components/medication-formulary.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function DrugsRoute() {
  const staff = useSignedInStaff();
  const pharmacyId = staff.pharmacy.id;
  // The permission the database checks for every change of drug data — catalog edits, sync, price updates and their
  // schedule, the formulary (private.current_staff_can('drugs:manage')).
  const canManageCatalog = staff.may('drugs:manage');
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <DrugDatabase
      key={location.key}
      initialSearch={params.get('q')?.trim().slice(0, 100) ?? ''}
      initialOpenDrugId={params.get('drug') ?? undefined}
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
