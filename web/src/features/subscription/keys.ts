/**
 * Query keys of the subscription feature. Plans are reference data, the same for every pharmacy; the current
 * subscription starts with the pharmacy (so another pharmacy's is never read from cache).
 */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  /** GET /api/subscription/current, the pharmacy's subscription (admins only). */
  current: (pharmacyId: string) => ['pharmacy', pharmacyId, 'subscription', 'current'] as const,
};
