/** The signed-in staff member as the queue needs them; app/routes fills it from the current-user query. */
export interface QueueStaff {
  pharmacyId: string;
  userId: string;
  firstName: string;
  lastName: string;
  /** The role's permissions (current_staff_context), e.g. 'prescriptions:verify', 'interactions:override'. */
  permissions: readonly string[];
}
