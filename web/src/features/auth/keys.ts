/** Query keys of the auth feature; one factory so invalidation and reads always agree. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};
