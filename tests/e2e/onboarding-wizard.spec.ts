/**
 * The six-step onboarding wizard end to end (spec §2, §5, §8): every validation message for bad input on
 * each step, the phone mask, a new pharmacy onboarded and its admin signed in, and a duplicate refused with
 * the spec's long message.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniqueWizardData, type WizardData } from './support/onboarding-data.ts';
import {
  acceptWizardAgreements,
  field,
  fillAdminAccount,
  fillLocationContact,
  fillPharmacistInCharge,
  fillPharmacyInformation,
  fillRegulatoryInformation,
  nextWizardStep,
} from './support/onboarding-forms.ts';
import { signIn } from './support/sign-in.ts';

async function fillUpToLegalStep(page: Page, data: WizardData) {
  await fillPharmacyInformation(page, data);
  await nextWizardStep(page, 2);
  await fillRegulatoryInformation(page, data);
  await nextWizardStep(page, 3);
  await fillLocationContact(page, data);
  await nextWizardStep(page, 4);
  await fillPharmacistInCharge(page, data);
  await nextWizardStep(page, 5);
  await fillAdminAccount(page, data);
  await nextWizardStep(page, 6);
}

test('a new pharmacy onboards through the wizard and its admin signs in', async ({ page }) => {
  const data = uniqueWizardData();
  await page.goto('/onboard');
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(page.getByText('17% complete')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pharmacy Information' })).toBeVisible();

  await fillPharmacyInformation(page, data);
  await nextWizardStep(page, 2);
  await expect(page.getByRole('heading', { level: 2, name: 'Regulatory Information' })).toBeVisible();
  await expect(page.getByText('33% complete')).toBeVisible();
  await expect(field(page, 'NPI Number')).toHaveAttribute('maxlength', '10');
  await expect(field(page, 'License State').locator('option')).toHaveCount(51); // the placeholder and 50 states
  await fillRegulatoryInformation(page, data);
  await nextWizardStep(page, 3);
  await fillLocationContact(page, data);
  await expect(field(page, 'Phone')).toHaveValue(data.phone);
  await nextWizardStep(page, 4);
  await fillPharmacistInCharge(page, data);
  await nextWizardStep(page, 5);
  await fillAdminAccount(page, data);
  await nextWizardStep(page, 6);
  await expect(page.getByText('100% complete')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Software License and Use' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Regulatory Compliance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Professional Responsibility' })).toBeVisible();

  // Previous keeps what was entered.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(field(page, 'Admin Email')).toHaveValue(data.adminEmail);
  await nextWizardStep(page, 6);

  await acceptWizardAgreements(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Pharmacy Management System!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Login' })).toBeVisible();
  // The welcome screen moves on to the sign-in page by itself (after 3 s).
  await expect(page).toHaveURL(/\/login\?onboarded=true&pharmacy=/, { timeout: 10_000 });
  expect(new URL(page.url()).searchParams.get('pharmacy')).toBe(data.pharmacyName);
  await expect(page.getByText(`${data.pharmacyName} is set up.`)).toBeVisible();

  await signIn(page, data.adminEmail, data.adminPassword);
  const account = page.getByRole('region', { name: 'Signed-in user' });
  await expect(account.getByText(`${data.adminFirstName} ${data.adminLastName}`)).toBeVisible();
  await expect(account.getByText(data.pharmacyName)).toBeVisible();
});

test('each wizard step shows every validation message for bad input and does not advance', async ({ page }) => {
  await page.goto('/onboard');

  // Step 1: Pharmacy Information.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Pharmacy name is required')).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await field(page, 'Pharmacy Name').fill('Validation Pharmacy');
  await nextWizardStep(page, 2);

  // Step 2: Regulatory Information — only this step's messages appear.
  await field(page, 'NCPDP Provider ID').fill('123');
  await field(page, 'NABP Number').fill('12');
  await field(page, 'DEA Number').fill('ab123');
  await field(page, 'NPI Number').fill('12345');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('NCPDP ID is required')).toBeVisible();
  await expect(page.getByText('NABP number is required')).toBeVisible();
  await expect(page.getByText('Invalid DEA number format')).toBeVisible();
  await expect(page.getByText('NPI must be 10 digits')).toBeVisible();
  await expect(page.getByText('State license number is required')).toBeVisible();
  await expect(page.getByText('State must be 2 characters')).toBeVisible();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  // A well-formed DEA number whose check digit does not match (AB123456x: the check digit is 3).
  await field(page, 'DEA Number').fill('AB1234567');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('DEA number check digit does not match')).toBeVisible();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await fillRegulatoryInformation(page, uniqueWizardData());
  await nextWizardStep(page, 3);

  // Step 3: Location & Contact.
  await field(page, 'ZIP Code').fill('1234');
  await field(page, 'Phone').fill('555');
  await field(page, 'Pharmacy Email').fill('not-an-email');
  await field(page, 'Website').fill('not a url');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Street address is required')).toBeVisible();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page.getByText('State must be 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid ZIP code')).toBeVisible();
  await expect(page.getByText('Phone format: (555) 123-4567')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Website must be a valid URL (https://...)')).toBeVisible();
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await field(page, 'Website').fill('');
  await fillLocationContact(page, uniqueWizardData());
  await nextWizardStep(page, 4);

  // Step 4: Pharmacist in Charge.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Pharmacist in charge first name is required')).toBeVisible();
  await expect(page.getByText('Pharmacist in charge last name is required')).toBeVisible();
  await expect(page.getByText('Pharmacist in charge license number is required')).toBeVisible();
  await expect(page.getByText('State must be 2 characters')).toBeVisible();
  await expect(page.getByText('License expiration date is required')).toBeVisible();
  await expect(page.getByText('Step 4 of 6')).toBeVisible();
  await fillPharmacistInCharge(page, uniqueWizardData());
  await nextWizardStep(page, 5);

  // Step 5: Admin Account.
  await field(page, 'Admin Email').fill('admin-at-nowhere');
  await field(page, 'Admin Password').fill('short');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Admin first name is required')).toBeVisible();
  await expect(page.getByText('Admin last name is required')).toBeVisible();
  await expect(page.getByText('Invalid admin email')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Step 5 of 6')).toBeVisible();
  await fillAdminAccount(page, uniqueWizardData());
  await nextWizardStep(page, 6);

  // Step 6: Legal Agreement — nothing is sent until all three are accepted.
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByText('You must accept the terms and conditions to proceed')).toBeVisible();
  await expect(page.getByText('You must accept the privacy policy to proceed')).toBeVisible();
  await expect(page.getByText('You must acknowledge regulatory compliance requirements')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to the Pharmacy Management System!' })).toHaveCount(0);
});

test('step 1 offers Back to Login', async ({ page }) => {
  await page.goto('/onboard');
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a duplicate DEA number is refused with the spec message, as an alert and an Onboarding Failed toast', async ({ page }) => {
  // Two whole onboardings through the wizard: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const first = uniqueWizardData();
  await page.goto('/onboard');
  await fillUpToLegalStep(page, first);
  await acceptWizardAgreements(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the Pharmacy Management System!' })).toBeVisible();

  const second = { ...uniqueWizardData(), deaNumber: first.deaNumber };
  await page.goto('/onboard');
  await fillUpToLegalStep(page, second);
  await acceptWizardAgreements(page);
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  const message =
    'A pharmacy with this DEA number is already registered. Please verify your DEA number or contact support if this is an error.';
  await expect(page.locator('form [role="alert"]')).toHaveText(message);
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('alert');
  await expect(toast).toContainText('Onboarding Failed');
  await expect(toast).toContainText(message);
  await expect(page.getByRole('button', { name: 'Complete Onboarding' })).toBeEnabled();
});
