/**
 * Role-aware navigation end to end, for each demo staff member (issue 10: System Settings, AI Security
 * Manager and Data Migration for admins; every other screen for all staff): the sidebar lists exactly the
 * screens the role may open (the spec's entry names, verbatim), each opens, and typing the address of a
 * screen the role may not open (Subscription Plans signed in too, which only an admin's account block links) shows
 * "Not available for your role" inside the shell instead of the screen.
 * Unknown paths are still 404. The database's side of the same rule: tests/integration/db-screen-access.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/demo-staff-client.ts';
import { signIn } from './support/sign-in.ts';

/** Sidebar entry → the address it opens and the level-1 heading of the screen there. */
const SCREENS: Record<string, { path: string; heading: string }> = {
  'Dashboard': { path: '/', heading: 'Dashboard' },
  'E-Prescriptions': { path: '/prescriptions', heading: 'Prescription Management' },
  'Patients': { path: '/patients', heading: 'Patient Management' },
  'Drug Database': { path: '/drugs', heading: 'Drug Database' },
  'Providers': { path: '/providers', heading: 'Provider Management' },
  'Prescription Files': { path: '/prescription-files', heading: 'Prescription File Management' },
  'Billing & Claims': { path: '/billing', heading: 'Billing & Claims Transmission' },
  'Inventory': { path: '/inventory', heading: 'Inventory Management & Wholesale Integration' },
  'Labels': { path: '/labels', heading: 'Prescription Labels' },
  'Reports': { path: '/reports', heading: 'Reports and Analytics' },
  'System Settings': { path: '/system-settings', heading: 'System Settings' },
  'AI Security Manager': { path: '/security-manager', heading: 'AI Security Manager' },
  'Data Migration': { path: '/data-migration', heading: 'Data Migration' },
  'Loading Demo': { path: '/loading-demo', heading: 'Loading animation demo' },
};

const ALL_STAFF_ENTRIES = [
  'Dashboard', 'E-Prescriptions', 'Patients', 'Drug Database', 'Providers', 'Prescription Files', 'Billing & Claims',
  'Inventory', 'Labels', 'Reports', 'Loading Demo',
];
const ADMIN_ENTRIES = [
  'Dashboard', 'E-Prescriptions', 'Patients', 'Drug Database', 'Providers', 'Prescription Files', 'Billing & Claims',
  'Inventory', 'Labels', 'Reports', 'System Settings', 'AI Security Manager', 'Data Migration', 'Loading Demo',
];
const ADMIN_ONLY = ['System Settings', 'AI Security Manager', 'Data Migration'];
/** The admin screens reached by address: the sidebar's, and Subscription Plans signed in (the account block's link). */
const ADMIN_ONLY_ADDRESSES = [
  ...ADMIN_ONLY.map((entry) => SCREENS[entry]!),
  { path: '/subscription-plans', heading: 'Subscription Plans' },
];

const DEMO_STAFF = [
  { role: 'admin', email: 'admin@demo.pharmacy', article: 'an admin', entries: ADMIN_ENTRIES },
  { role: 'pharmacist', email: 'rph@demo.pharmacy', article: 'a pharmacist', entries: ALL_STAFF_ENTRIES },
  { role: 'technician', email: 'tech@demo.pharmacy', article: 'a technician', entries: ALL_STAFF_ENTRIES },
] as const;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

for (const staff of DEMO_STAFF) {
  test(`the ${staff.role}'s sidebar lists exactly the screens the role may open, and each opens`, async ({ page }) => {
    // Every screen of the role, each loading its own chunk and data (the admin's System Settings reads five queries).
    test.setTimeout(60_000);
    await signIn(page, staff.email, DEMO_PASSWORD);
    await expect(sidebar(page).getByRole('link')).toHaveText([...staff.entries]);
    for (const entry of staff.entries) {
      const screen = SCREENS[entry]!;
      await sidebar(page).getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path === '/' ? '' : screen.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true }), entry).toBeVisible();
      await expect(page.getByText('Not available for your role')).toHaveCount(0);
    }
  });
}

for (const staff of DEMO_STAFF.filter((member) => member.role !== 'admin')) {
  test(`typing the address of an admin screen as the ${staff.role} shows "Not available for your role", not the screen`, async ({ page }) => {
    await signIn(page, staff.email, DEMO_PASSWORD);
    for (const screen of ADMIN_ONLY_ADDRESSES) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: 'Not available for your role' })).toBeVisible();
      await expect(page.getByText(`${screen.heading} is open to admins only. You are signed in as ${staff.article}; ask a pharmacy admin if you need it.`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toHaveCount(0);
      await expect(page.getByText('Not yet available', { exact: true })).toHaveCount(0);
      // Still inside the shell, with the way back.
      await expect(sidebar(page).getByRole('link')).toHaveText([...staff.entries]);
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    }
    await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // An unknown address is still a 404, whatever the role.
    await page.goto('/system-settings/nothing-here');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
}

test('typing the address of an admin screen as the admin opens it', async ({ page }) => {
  await signIn(page, 'admin@demo.pharmacy', DEMO_PASSWORD);
  for (const screen of ADMIN_ONLY_ADDRESSES) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
    await expect(page.getByText('Not available for your role')).toHaveCount(0);
  }
});
