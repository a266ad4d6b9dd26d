/**
 * The tabbed onboarding end to end (spec §2, §4, §5, §8): tabs open in order as the form becomes valid,
 * plan cards come from the server, the server's validation failure keeps the user on Plan with a
 * 'Validation Failed' toast naming the error count, and a valid form goes through Review to Complete.
 */
import { expect, test, type Page } from '@playwright/test';
import { onboardPharmacyThroughApi, uniqueWizardData } from './support/onboarding-data.ts';
import { choosePlanAndAgree, fillAdminTab, fillPharmacyTab } from './support/onboarding-forms.ts';
import { signIn } from './support/sign-in.ts';

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

test('the tabbed onboarding goes from Pharmacy through Review to Complete, and the admin signs in', async ({ page }) => {
  const data = uniqueWizardData();
  await page.goto('/production-onboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacy Account Setup' })).toBeVisible();
  await expect(tab(page, 'Pharmacy')).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Admin', 'Plan', 'Review', 'Complete']) await expect(tab(page, name)).toBeDisabled();

  // The pharmacy tab's own messages for an empty form.
  await page.getByRole('button', { name: 'Continue to Admin' }).click();
  await expect(page.getByText('Pharmacy name is required')).toBeVisible();
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expect(tab(page, 'Admin')).toBeDisabled();

  await fillPharmacyTab(page, data);
  await expect(tab(page, 'Admin')).toBeEnabled();
  await expect(tab(page, 'Plan')).toBeDisabled();
  await page.getByRole('button', { name: 'Continue to Admin' }).click();
  await expect(tab(page, 'Admin')).toHaveAttribute('aria-selected', 'true');

  await fillAdminTab(page, data);
  await expect(tab(page, 'Plan')).toBeEnabled();
  await page.getByRole('button', { name: 'Continue to Plan' }).click();

  // Plan: client-side rules first.
  await page.getByRole('button', { name: 'Validate & Continue' }).click();
  await expect(page.getByText('Please select a subscription plan')).toBeVisible();
  await expect(page.getByText('Terms must be accepted')).toBeVisible();
  await expect(page.getByText('HIPAA agreement must be accepted')).toBeVisible();
  await expect(page.getByText('Privacy policy must be accepted')).toBeVisible();
  await expect(tab(page, 'Review')).toBeDisabled();

  await expect(page.getByRole('radio', { name: 'Pharmacy Pro' })).toBeVisible();
  await expect(page.getByText('$150')).toBeVisible();
  await choosePlanAndAgree(page);
  await page.getByRole('button', { name: 'Validate & Continue' }).click();
  await expect(tab(page, 'Review')).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(data.pharmacyName)).toBeVisible();
  await expect(panel.getByText(data.adminEmail)).toBeVisible();
  await expect(tab(page, 'Complete')).toBeDisabled();

  await page.getByRole('button', { name: 'Create Pharmacy Account' }).click();
  await expect(tab(page, 'Complete')).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('heading', { name: data.pharmacyName })).toBeVisible();
  await expect(panel.getByText('flat-monthly')).toBeVisible();
  await expect(panel.getByText('Trial Active')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  for (const name of ['Pharmacy', 'Admin', 'Plan', 'Review']) await expect(tab(page, name)).toBeDisabled();

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, data.adminEmail, data.adminPassword);
  await expect(page.getByRole('region', { name: 'Signed-in user' }).getByText(data.pharmacyName)).toBeVisible();
});

test('a failed server validation stays on Plan and toasts Validation Failed with the error count', async ({ page, request }) => {
  const existing = await onboardPharmacyThroughApi(request);
  const data = { ...uniqueWizardData(), deaNumber: existing.deaNumber, adminEmail: existing.adminEmail };
  await page.goto('/production-onboard');
  await fillPharmacyTab(page, data);
  await page.getByRole('button', { name: 'Continue to Admin' }).click();
  await fillAdminTab(page, data);
  await page.getByRole('button', { name: 'Continue to Plan' }).click();
  await choosePlanAndAgree(page);
  await page.getByRole('button', { name: 'Validate & Continue' }).click();

  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('alert');
  await expect(toast).toContainText('Validation Failed');
  await expect(toast).toContainText('Please fix 2 errors before continuing.');
  await expect(tab(page, 'Plan')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Review')).toBeDisabled();
  const problems = page.getByRole('tabpanel').getByRole('alert');
  await expect(problems).toContainText('DEA number already exists');
  await expect(problems).toContainText('email already exists');
});
