/**
 * Query keys of the server-connection feature: whether this browser reaches the pharmacy server at all (GET
 * /api/health), shown on the signed-out pages. Not the System Settings "System Status" card, which times the
 * database, the api function and Storage for a signed-in admin.
 */
export const serverConnectionKeys = {
  all: ['server-connection'] as const,
  health: () => [...serverConnectionKeys.all, 'health'] as const,
};
