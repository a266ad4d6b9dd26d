/** Query keys of the subscription feature. Plans are reference data, the same for every pharmacy. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
};
