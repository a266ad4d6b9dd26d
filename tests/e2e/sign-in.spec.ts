/**
 * Sign-in, the signed-in shell and sign-out end to end (spec §2, §5, §8): the form's rules, the demo panel,
 * the sidebar with the signed-in user's real name and pharmacy, the 404 page, sign-out to /login, and the
 * server-side lockout after 3 failed attempts.
 */
import { expect, test } from '@playwright/test';
import { demoStaffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { fillSignIn, signIn } from './support/sign-in.ts';

const SIDEBAR_ENTRIES = [
  'Dashboard',
  'E-Prescriptions',
  'Patients',
  'Drug Database',
  'Providers',
  'Prescription Files',
  'Billing & Claims',
  'Inventory',
  'Labels',
  'Reports',
  'System Settings',
  'AI Security Manager',
  'Data Migration',
  'Loading Demo',
];

test('the sign-in form shows its rules for bad input without calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in page links to onboarding and shows the demo panel from the database', async ({ page }) => {
  await page.goto('/login');
  const panel = page.getByRole('region', { name: 'Demo pharmacy' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Demo Pharmacy', { exact: true })).toBeVisible();
  await expect(panel.getByText('****')).toHaveCount(2);
  const today = new Date().toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  await expect(panel.getByText(today)).toBeVisible();
  // The next Rx number is the demo pharmacy's real counter (other specs may have entered prescriptions).
  const staff = await demoStaffClient('tech@demo.pharmacy');
  const { data: counter } = await staff.from('rx_number_counters').select('last_rx_number').single();
  await expect(panel.getByText(String(Number(counter!.last_rx_number) + 1), { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'New pharmacy? Start onboarding' }).click();
  await expect(page).toHaveURL(/\/onboard$/);
});

test('a wrong password shows the server message and stays signed out', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'admin@demo.pharmacy', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('signing in shows the shell with the 14 sidebar entries, the user, the pharmacy and the AI card', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await page.goto('/login');
  await fillSignIn(page, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText(`Signed in to ${pharmacy.pharmacyName}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link')).toHaveText(SIDEBAR_ENTRIES);
  const account = page.getByRole('region', { name: 'Signed-in user' });
  await expect(account.getByText(`${pharmacy.adminFirstName} ${pharmacy.adminLastName}`)).toBeVisible();
  await expect(account.getByText(pharmacy.pharmacyName)).toBeVisible();
  await expect(page.getByRole('region', { name: 'AI assistant' }).getByText('Drug interaction checking active')).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Pharmacy operations overview')).toBeVisible();
  await sidebar.getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
  // The new pharmacy's admin reaches the admin-only screens too.
  await sidebar.getByRole('link', { name: 'Data Migration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Migration' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Patients' }).getByText('0', { exact: true })).toBeVisible();
});

test('signed in, an unknown path shows 404 Page Not Found inside the shell', async ({ page }) => {
  await signIn(page, 'rph@demo.pharmacy', 'demo-password');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('Sign Out returns to /login and the signed-out route set', async ({ page }) => {
  await signIn(page, 'tech@demo.pharmacy', 'demo-password');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeVisible();
});

test('after 3 failed sign-ins the account is locked, even for the right password, which alone learns of the lock', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  const lockedMessage = /Account locked due to too many failed sign-in attempts/;
  // A fresh page per attempt, so each alert read is that attempt's answer.
  async function attempt(password: string) {
    await page.goto('/login');
    await fillSignIn(page, pharmacy.adminEmail, password);
    const alert = page.locator('form [role="alert"]');
    await expect(alert).toBeVisible();
    return alert;
  }

  await expect(await attempt('wrong-password-1')).toHaveText('Invalid login credentials');
  await expect(await attempt('wrong-password-2')).toHaveText('Invalid login credentials');
  // The locking attempt answers as every wrong password does (no oracle; auth-sessions.test.ts tries more).
  await expect(await attempt('wrong-password-3')).toHaveText('Invalid login credentials');
  await expect(await attempt(pharmacy.adminPassword)).toHaveText(lockedMessage);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
