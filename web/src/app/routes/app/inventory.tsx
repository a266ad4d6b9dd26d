/**
 * /inventory (spec part 2 §2 Inventory Management & Wholesale Integration; all staff, see shared/src/staff/screens.ts).
 * Staff with inventory:adjust (pharmacists and admins) adjust stock, switch auto-order and change the predictive
 * settings; the database enforces it, the screen only disables the controls for technicians.
 */
import { InventoryManagement } from '../../../features/inventory/components/inventory-management.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function InventoryRoute() {
  const staff = useSignedInStaff();
  return <InventoryManagement pharmacyId={staff.pharmacy.id} canAdjust={staff.may('inventory:adjust')} />;
}
