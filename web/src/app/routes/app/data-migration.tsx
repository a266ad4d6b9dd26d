/**
 * /data-migration signed in: Data Migration for the signed-in admin's pharmacy (admins only: shared/src/staff/screens.ts;
 * the database refuses anyone without data:migrate whatever the screen shows).
 */
import { DataMigration } from '../../../features/data-migration/components/data-migration.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function DataMigrationRoute() {
  const { pharmacy } = useSignedInStaff();
  return <DataMigration pharmacyId={pharmacy.id} />;
}
