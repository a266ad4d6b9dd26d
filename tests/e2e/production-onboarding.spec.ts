/**
 * The tabbed onboarding end to end (spec §2, §4, §5, §8): tabs open in order as the form becomes valid,
 * plan cards come from the server, the server's validation failure keeps the user on Plan with a
 * 'Validation Failed' toast naming the error count, and a valid form goes through Review to Complete.
 */
import { expect, test, type Page } from '@playwright/test';
import { onboardPharmacyThroughApi, uniqueWizardData, type WizardData } from './support/onboarding-data.ts';
import { signIn } from './support/sign-in.ts';

function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

async function fillPharmacyTab(page: Page, data: WizardData) {
  await field(page, 'Pharmacy Name').fill(data.pharmacyName);
  await field(page, 'DEA Number').fill(data.deaNumber);
  await field(page, 'NCPDP ID').fill(data.ncpdpId);
  await field(page, 'NPI Number').fill(data.npiNumber);
  await field(page, 'State License Number').fill(data.stateLicenseNumber);
  await field(page, 'License State').selectOption(data.stateLicenseState);
  await field(page, 'Address').fill(data.streetAddress);
  await field(page, 'City').fill(data.city);
  await field(page, 'State').selectOption(data.state);
  await field(page, 'ZIP Code').fill(data.zipCode);
  await field(page, 'Phone').pressSequentially(data.phoneDigits);
  await field(page, 'Pharmacy Email').fill(data.email);
}

async function fillAdminTab(page: Page, data: WizardData) {
  await field(page, 'First Name').fill(data.adminFirstName);
  await field(page, 'Last Name').fill(data.adminLastName);
  await field(page, 'Admin Email').fill(data.adminEmail);
  await field(page, 'Admin Phone').pressSequentially(data.phoneDigits);
  await field(page, 'Password').fill(data.adminPassword);
}

async function choosePlanAndAgree(page: Page) {
  await page.getByRole('radio', { name: 'Pharmacy Pro' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the HIPAA Business Associate Agreement' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
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
