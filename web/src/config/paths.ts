/** Every route path of the app in one place (spec part 1, §2), so links and the router never disagree. */

export const paths = {
  home: '/',
  login: '/login',
  onboard: '/onboard',
  productionOnboard: '/production-onboard',
  subscriptionPlans: '/subscription-plans',
} as const;
