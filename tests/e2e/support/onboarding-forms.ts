/**
 * Filling the two onboarding forms as a user does, step by step (the six-step wizard at /onboard, the tabbed
 * form at /production-onboard), with the data of uniqueWizardData(); a test checks whatever it is about between
 * the steps. Fields are found by their exact label.
 */
import { expect, type Page } from '@playwright/test';
import type { WizardData } from './onboarding-data.ts';

export function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** The wizard's Next, and the step it must land on. */
export async function nextWizardStep(page: Page, expectedStep: number): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Step ${expectedStep} of 6`)).toBeVisible();
}

// The wizard's steps 1–6.

export async function fillPharmacyInformation(page: Page, data: WizardData): Promise<void> {
  await field(page, 'Pharmacy Name').fill(data.pharmacyName);
  await field(page, 'Chain Affiliation').selectOption('Independent');
}

export async function fillRegulatoryInformation(page: Page, data: WizardData): Promise<void> {
  await field(page, 'NCPDP Provider ID').fill(data.ncpdpId);
  await field(page, 'NABP Number').fill(data.nabpNumber);
  await field(page, 'DEA Number').fill(data.deaNumber);
  await field(page, 'NPI Number').fill(data.npiNumber);
  await field(page, 'State License Number').fill(data.stateLicenseNumber);
  await field(page, 'License State').selectOption(data.stateLicenseState);
}

export async function fillLocationContact(page: Page, data: WizardData): Promise<void> {
  await field(page, 'Street Address').fill(data.streetAddress);
  await field(page, 'City').fill(data.city);
  await field(page, 'State').selectOption(data.state);
  await field(page, 'ZIP Code').fill(data.zipCode);
  await field(page, 'Phone').pressSequentially(data.phoneDigits);
  await field(page, 'Pharmacy Email').fill(data.email);
}

export async function fillPharmacistInCharge(page: Page, data: WizardData): Promise<void> {
  await field(page, 'PIC First Name').fill(data.picFirstName);
  await field(page, 'PIC Last Name').fill(data.picLastName);
  await field(page, 'PIC License Number').fill(data.picLicenseNumber);
  await field(page, 'PIC License State').selectOption(data.picLicenseState);
  await field(page, 'PIC License Expiration').fill(data.picLicenseExpiration);
}

export async function fillAdminAccount(page: Page, data: WizardData): Promise<void> {
  await field(page, 'Admin First Name').fill(data.adminFirstName);
  await field(page, 'Admin Last Name').fill(data.adminLastName);
  await field(page, 'Admin Email').fill(data.adminEmail);
  await field(page, 'Admin Password').fill(data.adminPassword);
}

export async function acceptWizardAgreements(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
  await page.getByRole('checkbox', { name: /I acknowledge the regulatory compliance requirements/ }).check();
}

// The tabbed form's Pharmacy, Admin and Plan tabs.

export async function fillPharmacyTab(page: Page, data: WizardData): Promise<void> {
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

export async function fillAdminTab(page: Page, data: WizardData): Promise<void> {
  await field(page, 'First Name').fill(data.adminFirstName);
  await field(page, 'Last Name').fill(data.adminLastName);
  await field(page, 'Admin Email').fill(data.adminEmail);
  await field(page, 'Admin Phone').pressSequentially(data.phoneDigits);
  await field(page, 'Password').fill(data.adminPassword);
}

export async function choosePlanAndAgree(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Pharmacy Pro' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the HIPAA Business Associate Agreement' }).check();
  await page.getByRole('checkbox', { name: 'I accept the Privacy Policy' }).check();
}
