/** Query keys of the system-status feature. */
export const systemStatusKeys = {
  all: ['system-status'] as const,
  health: () => [...systemStatusKeys.all, 'health'] as const,
};
