/** The signed-in staff member as the queue needs them; app/routes fills it from useSignedInStaff(). */
import type { Permission } from '@pharmacy/shared/staff/permissions.ts';

export interface QueueStaff {
  pharmacyId: string;
  userId: string;
  firstName: string;
  lastName: string;
  /** The role's permissions (current_staff_context), e.g. 'prescriptions:verify', 'interactions:override'. */
  permissions: readonly Permission[];
}
