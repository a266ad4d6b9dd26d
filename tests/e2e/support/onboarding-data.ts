/**
 * Onboarding data unique to each call (DEA, NCPDP, NABP, NPI and emails never repeat within or across
 * runs against the same stack), and a way to create a pharmacy through the API for tests whose subject
 * is not onboarding itself.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueDeaNumber } from '../../support/settings-writes.ts';

let counter = 0;

function uniqueDigits(length: number): string {
  counter += 1;
  const seed = `${Date.now()}${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
  return seed.slice(-length).padStart(length, '7');
}

export interface WizardData {
  pharmacyName: string;
  ncpdpId: string;
  nabpNumber: string;
  deaNumber: string;
  stateLicenseNumber: string;
  stateLicenseState: string;
  npiNumber: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phoneDigits: string;
  phone: string;
  email: string;
  picFirstName: string;
  picLastName: string;
  picLicenseNumber: string;
  picLicenseState: string;
  picLicenseExpiration: string;
  adminFirstName: string;
  adminLastName: string;
  adminEmail: string;
  adminPassword: string;
}

export function uniqueWizardData(): WizardData {
  const id = uniqueDigits(7);
  return {
    pharmacyName: `E2E Pharmacy ${id}`,
    ncpdpId: uniqueDigits(7),
    nabpNumber: uniqueDigits(7),
    // With a correct check digit: onboarding and System Settings take only such registrations.
    deaNumber: uniqueDeaNumber(),
    stateLicenseNumber: `PH-${id}`,
    stateLicenseState: 'OR',
    npiNumber: uniqueDigits(10),
    streetAddress: '12 Main Street',
    city: 'Portland',
    state: 'OR',
    zipCode: '97201',
    phoneDigits: '5035550142',
    phone: '(503) 555-0142',
    email: `pharmacy-${id}@e2e.test`,
    picFirstName: 'Priya',
    picLastName: `Nguyen${id}`,
    picLicenseNumber: `RPH-${id}`,
    picLicenseState: 'OR',
    picLicenseExpiration: '2028-06-30',
    adminFirstName: 'Morgan',
    adminLastName: `Ellis${id}`,
    adminEmail: `admin-${id}@e2e.test`,
    adminPassword: 'correct-horse-42',
  };
}

/** Onboards a pharmacy through POST /api/auth/onboard and returns its data (the admin signs in with it). */
export async function onboardPharmacyThroughApi(request: APIRequestContext): Promise<WizardData> {
  const apiUrl = process.env.E2E_API_URL;
  const anonKey = process.env.E2E_ANON_KEY;
  if (!apiUrl || !anonKey) throw new Error('E2E_API_URL / E2E_ANON_KEY are set by tests/e2e/global-setup.ts');
  const data = uniqueWizardData();
  const response = await request.post(`${apiUrl}/functions/v1/api/auth/onboard`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    data: {
      pharmacyName: data.pharmacyName,
      ncpdpId: data.ncpdpId,
      nabpNumber: data.nabpNumber,
      deaNumber: data.deaNumber,
      stateInternationalizeNumber: data.stateLicenseNumber,
      stateLicenseState: data.stateLicenseState,
      npiNumber: data.npiNumber,
      streetAddress: data.streetAddress,
      city: data.city,
      state: data.state,
      zipCode: data.zipCode,
      phone: data.phone,
      email: data.email,
      website: '',
      picFirstName: data.picFirstName,
      picLastName: data.picLastName,
      picLicenseNumber: data.picLicenseNumber,
      picLicenseState: data.picLicenseState,
      picLicenseExpiration: data.picLicenseExpiration,
      adminFirstName: data.adminFirstName,
      adminLastName: data.adminLastName,
      adminEmail: data.adminEmail,
      adminPassword: data.adminPassword,
      acceptTermsAndConditions: true,
      acceptPrivacyPolicy: true,
      acceptRegulatory: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return data;
}
