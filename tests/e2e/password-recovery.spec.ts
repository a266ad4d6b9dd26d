/**
 * Password recovery end to end (issue 11): from the sign-in page's "Forgot password?" through the emailed link
 * (read from the stack's mail catcher) to a new password on /set-password and a sign-in with it; the neutral
 * confirmation for any address; the set-password page's validation messages; a used link's message.
 */
import { expect, test, type Page } from '@playwright/test';
import { onboardPharmacyThroughApi } from './support/onboarding-data.ts';
import { fillSignIn } from './support/sign-in.ts';

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

async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: NEUTRAL_CONFIRMATION })).toBeVisible();
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

  // Nothing was saved: the old password still signs in.
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await fillSignIn(other, pharmacy.adminEmail, pharmacy.adminPassword);
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await context.close();
});
