/**
 * THE table of signed-in screens (spec part 1 §2, 14 sidebar entries, in sidebar order) and which staff role
 * may open each. The web app's sidebar and router read it; the database integration test
 * (tests/integration/db-screen-access.test.ts) checks that the data behind every screen a role may not open is
 * refused to that role by the database, so the navigation never promises what RLS would deny or hides what it allows.
 *
 * The spec does not say which role opens which page (part 1 §2, part 2 §6); the product decision (issue 10):
 * System Settings, AI Security Manager and Data Migration are for admins (they change the pharmacy's
 * configuration, its staff and security, or load another system's data); every other screen is for all staff.
 *
 * Plain TypeScript without zod: the router that reads it is part of the sign-in page's first download.
 */

/** The staff roles of public.staff_profiles.role (migration 20261122000100_tenancy). */
export const STAFF_ROLES = ['admin', 'pharmacist', 'technician'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL_STAFF: readonly StaffRole[] = STAFF_ROLES;
const ADMINS_ONLY: readonly StaffRole[] = ['admin'];

export interface Screen {
  /** The route path; `/` is the dashboard. */
  path: string;
  /** The screen's name from the spec. */
  title: string;
  /** The (shorter) text of its sidebar entry. */
  sidebarLabel: string;
  /** The roles that may open it; everyone else gets "not available for your role". */
  roles: readonly StaffRole[];
}

export const screens = [
  { path: '/', title: 'Dashboard', sidebarLabel: 'Dashboard', roles: ALL_STAFF },
  { path: '/prescriptions', title: 'E-Prescriptions', sidebarLabel: 'E-Prescriptions', roles: ALL_STAFF },
  { path: '/patients', title: 'Patient Management', sidebarLabel: 'Patients', roles: ALL_STAFF },
  { path: '/drugs', title: 'Drug Database', sidebarLabel: 'Drug Database', roles: ALL_STAFF },
  { path: '/providers', title: 'Provider Management', sidebarLabel: 'Providers', roles: ALL_STAFF },
  { path: '/prescription-files', title: 'Prescription File Management', sidebarLabel: 'Prescription Files', roles: ALL_STAFF },
  { path: '/billing', title: 'Billing & Claims Transmission', sidebarLabel: 'Billing & Claims', roles: ALL_STAFF },
  { path: '/inventory', title: 'Inventory Management & Wholesale Integration', sidebarLabel: 'Inventory', roles: ALL_STAFF },
  { path: '/labels', title: 'Prescription Labels', sidebarLabel: 'Labels', roles: ALL_STAFF },
  { path: '/reports', title: 'Reports and Analytics', sidebarLabel: 'Reports', roles: ALL_STAFF },
  { path: '/system-settings', title: 'System Settings', sidebarLabel: 'System Settings', roles: ADMINS_ONLY },
  { path: '/security-manager', title: 'AI Security Manager', sidebarLabel: 'AI Security Manager', roles: ADMINS_ONLY },
  { path: '/data-migration', title: 'Data Migration', sidebarLabel: 'Data Migration', roles: ADMINS_ONLY },
  { path: '/loading-demo', title: 'Loading animation demo', sidebarLabel: 'Loading Demo', roles: ALL_STAFF },
] as const satisfies readonly Screen[];

export type ScreenPath = (typeof screens)[number]['path'];

/**
 * The signed-in Subscription Plans page (issue 28; spec part 2 "Subscription Plans"), reached from the account block
 * under the sidebar, not from the sidebar (the spec's 14 entries stay as they are). Admins only: the subscription is
 * the pharmacy's contract and bill, which no one else can change or act on, and the database shows it to admins only
 * (migration 20261201001100_subscription_admins). `sidebarLabel` is the account block's link text.
 */
export const subscriptionScreen = {
  path: '/subscription-plans',
  title: 'Subscription Plans',
  sidebarLabel: 'Subscription',
  roles: ADMINS_ONLY,
} as const satisfies Screen;

/** Whether a staff member of this role may open the screen. */
export function mayOpenScreen(role: StaffRole, screen: Screen): boolean {
  return screen.roles.includes(role);
}

/** The screens a role may open, in sidebar order. */
export function screensForRole(role: StaffRole): Screen[] {
  return screens.filter((screen) => mayOpenScreen(role, screen));
}

const ROLE_PLURALS: Record<StaffRole, string> = { admin: 'admins', pharmacist: 'pharmacists', technician: 'technicians' };

/** Who may open a screen, in words: "admins", "admins and pharmacists", "all staff". */
export function screenAudience(screen: Screen): string {
  if (STAFF_ROLES.every((role) => screen.roles.includes(role))) return 'all staff';
  const names = screen.roles.map((role) => ROLE_PLURALS[role]);
  return names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
