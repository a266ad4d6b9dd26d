/**
 * Password recovery end to end (issue 11): from the sign-in page's "Forgot password?" through the emailed link
 * (read from the stack's mail catcher) to a new password on /set-password and a sign-in with it; the neutral
 * confirmation for any address; the set-password page's validation messages; a used link's message.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/src/config.ts';
import { staffClient } from './support/demo-staff-client.ts';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { fillSignIn } from './support/sign-in.ts';

// Each test walks a whole mail flow (onboarding, mail, two browsers) on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const NEUTRAL_CONFIRMATION = /If an account exists for that email, we have sent a link to reset your password\./;

/** The mail catcher of the e2e stack: its API on the port base + 3 (the gateway has the base). */
function mailpitUrl(): string {
  const apiUrl = process.env.E2E_API_URL;
  if (!apiUrl) throw new Error('E2E_API_URL is set by tests/e2e/global-setup.ts');
  const url = new URL(apiUrl);
  return `http://127.0.0.1:${Number(url.port) + 3}`;
}

interface CaughtMessage {
  Subject: string;
  HTML: string;
}

async function mailFor(email: string): Promise<CaughtMessage[]> {
  const search = await fetch(`${mailpitUrl()}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  const page = (await search.json()) as { messages: Array<{ ID: string }> };
  return Promise.all(page.messages.map(async ({ ID }) => (await (await fetch(`${mailpitUrl()}/api/v1/message/${ID}`)).json()) as CaughtMessage));
}

/** The reset link mailed to `email` (the request returned only after the catcher took the mail). */
async function resetLinkFor(email: string): Promise<string> {
  const messages = await mailFor(email);
  expect(messages.map((message) => message.Subject)).toEqual(['Reset Your Password']);
  const href = /href="([^"]+)"/.exec(messages[0]!.HTML)?.[1];
  expect(href).toBeTruthy();
  return href!.replace(/&amp;/g, '&');
}

/** No WCAG 2.1 A/AA violation on the page as it is now (the accessibility spec's rule). */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: NEUTRAL_CONFIRMATION })).toBeVisible();
  await expectAccessible(page);
}

test('an admin who forgot the password resets it through the emailed link and signs in with the new one', async ({ page, browser, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await requestReset(page, pharmacy.adminEmail);

  const link = await resetLinkFor(pharmacy.adminEmail);
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${new URL(page.url()).origin}/set-password`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/set-password/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${pharmacy.adminEmail}.`)).toBeVisible();

  await page.getByLabel('New Password').fill('brand-new-pass-9');
  await page.getByLabel('Confirm Password').fill('brand-new-pass-9');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Another browser: the old password is refused, the new one signs in.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await fillSignIn(other, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(other.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText('Invalid login credentials');
  await fillSignIn(other, pharmacy.adminEmail, 'brand-new-pass-9');
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await context.close();

  // The link worked once: opened again (signed out), it says so and offers a new one.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible();
  await expect(again.getByRole('alert')).toHaveText('This link is invalid or has expired. Links work once and for one hour.');
  await expect(again.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await fresh.close();
});

test('the same confirmation for an address without an account, and no mail', async ({ page }) => {
  const email = `nobody-${Date.now()}@e2e.test`;
  await requestReset(page, email);
  expect(await mailFor(email)).toEqual([]);
});

test('the set-password page checks the password rules before saving', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  await requestReset(page, pharmacy.adminEmail);
  await page.goto(await resetLinkFor(pharmacy.adminEmail));
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();

  const password = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('short');
  await confirm.fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await password.fill('long-enough-1');
  await confirm.fill('long-enough-2');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(0);
  await expectAccessible(page);

  // Nothing was saved: the old password still signs in.
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await fillSignIn(other, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await context.close();
});

test('an invited person opens the invitation, sets a password on /set-password and can then sign in with it', async ({ page }) => {
  const apiUrl = process.env.E2E_API_URL!;
  // The test stack runs with the CLI's well-known JWT secret, so its service_role key is the default one.
  const serviceRoleKey = loadConfig({}).serviceRoleKey;
  const email = `invitee-${Date.now()}@e2e.test`;
  const redirectTo = `${test.info().project.use.baseURL!}/set-password`;
  const invited = await fetch(`${apiUrl}/auth/v1/invite?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, data: { first_name: 'Ivy' } }),
  });
  expect(invited.status).toBe(200);
  const messages = await mailFor(email);
  expect(messages.map((message) => message.Subject)).toEqual(['You have been invited']);
  const link = /href="([^"]+)"/.exec(messages[0]!.HTML)![1]!.replace(/&amp;/g, '&');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  await page.getByLabel('New Password').fill('first-password-7');
  await page.getByLabel('Confirm Password').fill('first-password-7');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your new password is saved.')).toBeVisible();

  // Signs in with the chosen password (throws otherwise).
  const client = await staffClient(email, 'first-password-7');
  expect((await client.auth.getUser()).data.user?.email).toBe(email);
});

test('a recovery link that landed on the site root (no redirect_to) still ends on /set-password', async ({ page, request }) => {
  const pharmacy = await onboardPharmacyThroughApi(request);
  const apiUrl = process.env.E2E_API_URL!;
  // Asked without redirect_to, Auth's link goes to site_url (config.toml: port 5173, not this test's web server),
  // so the test follows the link itself and opens this server's root with the fragment the link redirected to.
  const asked = await fetch(`${apiUrl}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: process.env.E2E_ANON_KEY!, 'content-type': 'application/json' },
    body: JSON.stringify({ email: pharmacy.adminEmail }),
  });
  expect(asked.status).toBe(200);
  const link = await resetLinkFor(pharmacy.adminEmail);
  const redirected = await fetch(link, { redirect: 'manual' });
  const location = redirected.headers.get('location') ?? '';
  expect(location.startsWith('http://127.0.0.1:5173#')).toBe(true);
  await page.goto(`/${location.slice(location.indexOf('#'))}`);
  await expect(page).toHaveURL(/\/set-password/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${pharmacy.adminEmail}.`)).toBeVisible();
});
