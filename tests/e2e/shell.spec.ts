/**
 * The web app shell end to end: the signed-out landing page, its two ways in, the catch-all, and the
 * connection indicator, whose "connected" state proves browser → gateway → edge function works.
 */
import { expect, test } from '@playwright/test';

test('the landing page shows the product and the Sign In and Start Free Trial buttons', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Free Trial', exact: true })).toBeVisible();
});

test('Start Free Trial goes to the onboarding wizard at /onboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial', exact: true }).click();
  await expect(page).toHaveURL(/\/onboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Onboarding' })).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
});

test('Sign In goes to the sign-in page at /login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('signed out, an unknown path shows the landing page', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Free Trial', exact: true })).toBeVisible();
});

test('signed out, a signed-in page such as /patients shows the landing page', async ({ page }) => {
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Management System' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('the status indicator reports a connection to the pharmacy server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Connected to the pharmacy server')).toBeVisible();
  await expect(page.getByText('Cannot connect to the pharmacy server')).toHaveCount(0);
});
