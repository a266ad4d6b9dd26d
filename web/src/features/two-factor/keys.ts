/** Query keys of the two-factor feature, per auth user so another user's factors never answer. */
export const twoFactorKeys = {
  all: (userId: string) => ['user', userId, 'two-factor'] as const,
  factors: (userId: string) => [...twoFactorKeys.all(userId), 'factors'] as const,
};
