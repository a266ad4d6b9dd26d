/** Every route path of the app in one place (spec part 1, §2), so links and the router never disagree. */

export const paths = {
  home: '/',
  login: '/login',
  onboard: '/onboard',
  productionOnboard: '/production-onboard',
  subscriptionPlans: '/subscription-plans',
} as const;

/**
 * The signed-in pages, in sidebar order (spec §2: 14 entries). `/` is the dashboard. `title` is the screen's
 * name from the spec; `sidebarLabel` the shorter text of its sidebar entry.
 */
export const signedInPages = [
  { path: '/', title: 'Dashboard', sidebarLabel: 'Dashboard' },
  { path: '/prescriptions', title: 'E-Prescriptions', sidebarLabel: 'E-Prescriptions' },
  { path: '/patients', title: 'Patient Management', sidebarLabel: 'Patients' },
  { path: '/drugs', title: 'Drug Database', sidebarLabel: 'Drug Database' },
  { path: '/providers', title: 'Provider Management', sidebarLabel: 'Providers' },
  { path: '/prescription-files', title: 'Prescription File Management', sidebarLabel: 'Prescription Files' },
  { path: '/billing', title: 'Billing & Claims Transmission', sidebarLabel: 'Billing & Claims' },
  { path: '/inventory', title: 'Inventory Management & Wholesale Integration', sidebarLabel: 'Inventory' },
  { path: '/labels', title: 'Prescription Labels', sidebarLabel: 'Labels' },
  { path: '/reports', title: 'Reports and Analytics', sidebarLabel: 'Reports' },
  { path: '/system-settings', title: 'System Settings', sidebarLabel: 'System Settings' },
  { path: '/security-manager', title: 'AI Security Manager', sidebarLabel: 'AI Security Manager' },
  { path: '/data-migration', title: 'Data migration', sidebarLabel: 'Data Migration' },
  { path: '/loading-demo', title: 'Loading animation demo', sidebarLabel: 'Loading Demo' },
] as const;

/** Where the login page sends a pharmacy that has just finished the wizard (spec §2, onboarding wizard). */
export function loginAfterOnboardingPath(pharmacyName: string): string {
  const query = new URLSearchParams({ onboarded: 'true', pharmacy: pharmacyName });
  return `${paths.login}?${query.toString()}`;
}
