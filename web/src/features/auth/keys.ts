/** Query keys of the auth feature; one factory so invalidation and reads always agree. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  /** The signed-in staff member's context, per auth user so another user's sign-in never reads it. */
  currentStaff: (userId: string) => [...authKeys.all, 'current-staff', userId] as const,
  demoSignInPanel: () => [...authKeys.all, 'demo-sign-in-panel'] as const,
};
