/** Every route path of the app in one place (spec part 1, §2), so links and the router never disagree. */

export const paths = {
  home: '/',
  login: '/login',
  onboard: '/onboard',
  productionOnboard: '/production-onboard',
  /** Signed out the marketing plans page; signed in the pharmacy's subscription (admins: shared/src/staff/screens.ts subscriptionScreen). */
  subscriptionPlans: '/subscription-plans',
  /** Asks for a password reset email (linked from the sign-in page). */
  forgotPassword: '/forgot-password',
  /** Where an emailed invite or recovery link lands, signed in: the user sets a password. */
  setPassword: '/set-password',
  /** Signed in, any role: the staff member's own two-factor authentication. */
  twoFactor: '/account/two-factor',
} as const;

// The signed-in screens, their sidebar entries and who may open them: shared/src/staff/screens.ts.

/** Where the login page sends a pharmacy that has just finished the wizard (spec §2, onboarding wizard). */
export function loginAfterOnboardingPath(pharmacyName: string): string {
  const query = new URLSearchParams({ onboarded: 'true', pharmacy: pharmacyName });
  return `${paths.login}?${query.toString()}`;
}
