/**
 * Valid onboarding payloads for tests, each with its own registration numbers and emails (DEA numbers with their
 * check digit), so tests can onboard many pharmacies into one database without colliding. Override any field to
 * make it invalid. The wizard's values come in two shapes: as the form and the shared schema hold them
 * (wizardValues: `stateLicenseNumber`) and as POST /api/auth/onboard takes them (wizardPayload: the spec's
 * `stateInternationalizeNumber`).
 */
import { toOnboardingWizardRequest, type OnboardingWizardInput, type OnboardingWizardRequest } from '../../shared/src/onboarding/wizard.ts';
import type { OnboardingCompleteInput } from '../../shared/src/onboarding/tabbed.ts';
import { deaNumberWithCheckDigit } from './settings-writes.ts';

let sequence = 0;

/** Random digits after a per-process sequence (`length` of them from the end). */
function uniqueDigits(length: number): string {
  sequence += 1;
  const random = Math.floor(Math.random() * 10 ** 9).toString().padStart(9, '0');
  return `${sequence.toString().padStart(3, '0')}${random}`.slice(-length).padStart(length, '0');
}

/**
 * A DEA number with its check digit: the registrant type letter, a random second letter (26 × 10⁶ numbers, so
 * pharmacies of one database do not collide), six random digits and the check digit.
 */
function uniqueDeaNumber(registrantType: string): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return deaNumberWithCheckDigit(`${registrantType}${letter}`, uniqueDigits(6));
}

/** The wizard's values as its form holds them. */
export function wizardValues(overrides: Partial<OnboardingWizardInput> = {}): OnboardingWizardInput {
  const id = uniqueDigits(7);
  return {
    pharmacyName: `Harbor Pharmacy ${id}`,
    tradeName: 'Harbor Rx',
    chainAffiliation: 'Independent',
    taxId: '12-3456789',
    businessType: 'Retail',
    ownershipType: 'LLC',
    ncpdpId: uniqueDigits(7),
    nabpNumber: `N${uniqueDigits(6)}`,
    deaNumber: uniqueDeaNumber('B'),
    stateLicenseNumber: `PH-${id}`,
    stateLicenseState: 'NY',
    npiNumber: uniqueDigits(10),
    streetAddress: '12 Water Street',
    city: 'Albany',
    state: 'NY',
    zipCode: '12207',
    county: 'Albany',
    phone: '(518) 555-0142',
    fax: '(518) 555-0143',
    email: `store-${id}@harbor.example.com`,
    website: 'https://harbor.example.com',
    picFirstName: 'Grace',
    picLastName: 'Okafor',
    picLicenseNumber: `RPH-${id}`,
    picLicenseState: 'NY',
    picLicenseExpiration: '2028-06-30',
    adminFirstName: 'Marcus',
    adminLastName: 'Bell',
    adminEmail: `admin-${id}@harbor.example.com`,
    adminPhone: '(518) 555-0144',
    adminPassword: 'harbor-admin-pass',
    adminLicenseNumber: '',
    adminLicenseState: '',
    adminLicenseExpiration: '',
    adminLicenseType: '',
    acceptTermsAndConditions: true,
    acceptPrivacyPolicy: true,
    acceptRegulatory: true,
    ...overrides,
  };
}

/** POST /api/auth/onboard's body (the state license number under the spec's name); overrides use the wire names. */
export function wizardPayload(overrides: Partial<OnboardingWizardRequest> = {}): OnboardingWizardRequest {
  return { ...toOnboardingWizardRequest(wizardValues()), ...overrides };
}

export function tabbedPayload(overrides: Partial<OnboardingCompleteInput> = {}): OnboardingCompleteInput {
  const id = uniqueDigits(7);
  return {
    pharmacyName: `Cedar Drug ${id}`,
    deaNumber: uniqueDeaNumber('A'),
    ncpdpId: uniqueDigits(7),
    npiNumber: uniqueDigits(10),
    licenseNumber: `TX-${id}`,
    licenseState: 'TX',
    address: '400 Congress Avenue',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    phone: '(512) 555-0190',
    fax: '',
    email: `store-${id}@cedar.example.com`,
    website: '',
    adminFirstName: 'Lena',
    adminLastName: 'Ortiz',
    adminEmail: `admin-${id}@cedar.example.com`,
    adminPassword: 'cedar-admin-pass',
    adminPhone: '(512) 555-0191',
    selectedPlan: 'flat-monthly',
    termsAccepted: true,
    hipaaAgreement: true,
    privacyPolicy: true,
    ...overrides,
  };
}
