import { describe, expect, it } from 'vitest';
import {
  EMPTY_ONBOARDING_WIZARD,
  WIZARD_STEPS,
  onboardingWizardSchema,
  wizardLegalAgreementSchema,
  wizardProgress,
  onboardingWizardRequestSchema,
  toOnboardingWizardRequest,
  wizardRegulatoryInformationSchema,
  type OnboardingWizardInput,
} from '../../shared/src/onboarding/wizard.ts';
import { wizardPayload, wizardValues } from '../support/onboarding-payloads.ts';

/** The messages validation gives for `field` when the rest of the payload is valid. */
function fieldMessages(overrides: Record<string, unknown>): string[] {
  const result = onboardingWizardSchema.safeParse({ ...wizardValues(), ...overrides });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('onboarding wizard steps (spec §2)', () => {
  it('are the six steps in order with their titles', () => {
    expect(WIZARD_STEPS.map((step) => step.title)).toEqual([
      'Pharmacy Information',
      'Regulatory Information',
      'Location & Contact',
      'Pharmacist in Charge',
      'Admin Account',
      'Legal Agreement',
    ]);
  });

  it('together hold every field of the payload, each in one step', () => {
    const stepFields = WIZARD_STEPS.flatMap((step) => step.fields);
    expect(new Set(stepFields).size).toBe(stepFields.length);
    expect([...stepFields].sort()).toEqual(Object.keys(onboardingWizardSchema.shape).sort());
    expect(Object.keys(EMPTY_ONBOARDING_WIZARD).sort()).toEqual([...stepFields].sort());
  });

  it('validate only their own fields (Next checks the current step)', () => {
    const payload = wizardValues({ pharmacyName: '', acceptRegulatory: false });
    expect(wizardRegulatoryInformationSchema.safeParse(payload).success).toBe(true);
    const legal = wizardLegalAgreementSchema.safeParse(payload);
    expect(legal.success).toBe(false);
    expect(legal.error?.issues.map((issue) => issue.message)).toEqual(['You must acknowledge regulatory compliance requirements']);
  });

  it("show 'Step X of 6' and the percent complete", () => {
    expect(wizardProgress(0)).toEqual({ label: 'Step 1 of 6', percent: 17 });
    expect(wizardProgress(2)).toEqual({ label: 'Step 3 of 6', percent: 50 });
    expect(wizardProgress(5)).toEqual({ label: 'Step 6 of 6', percent: 100 });
  });
});

describe('onboarding wizard rules (spec §5)', () => {
  it('accepts a complete payload and trims text', () => {
    const parsed = onboardingWizardSchema.parse(wizardValues({ pharmacyName: '  Harbor Pharmacy  ' }));
    expect(parsed.pharmacyName).toBe('Harbor Pharmacy');
  });

  it('accepts the optional fields missing or empty', () => {
    const optional = ['tradeName', 'chainAffiliation', 'county', 'fax', 'taxId', 'businessType', 'ownershipType', 'adminPhone',
      'adminLicenseNumber', 'adminLicenseState', 'adminLicenseExpiration', 'adminLicenseType', 'website'] as const;
    const missing: Partial<OnboardingWizardInput> = wizardValues();
    for (const field of optional) delete missing[field];
    expect(onboardingWizardSchema.safeParse(missing).success).toBe(true);
    expect(fieldMessages(Object.fromEntries(optional.map((field) => [field, ''])))).toEqual([]);
  });

  it('gives an empty form every required message', () => {
    expect(onboardingWizardSchema.safeParse(EMPTY_ONBOARDING_WIZARD).error?.issues.map((issue) => issue.message)).toEqual([
      'Pharmacy name is required',
      'NCPDP ID is required',
      'NABP number is required',
      'Invalid DEA number format',
      'State license number is required',
      'State must be 2 characters',
      'NPI must be 10 digits',
      'Street address is required',
      'City is required',
      'State must be 2 characters',
      'Invalid ZIP code',
      'Phone format: (555) 123-4567',
      'Invalid email address',
      'Pharmacist in charge first name is required',
      'Pharmacist in charge last name is required',
      'Pharmacist in charge license number is required',
      'State must be 2 characters',
      'License expiration date is required',
      'Admin first name is required',
      'Admin last name is required',
      'Invalid admin email',
      'Password must be at least 8 characters',
      'You must accept the terms and conditions to proceed',
      'You must accept the privacy policy to proceed',
      'You must acknowledge regulatory compliance requirements',
    ]);
  });

  it("pharmacyName: 'Pharmacy name is required' (blank counts as empty)", () => {
    expect(fieldMessages({ pharmacyName: '   ' })).toEqual(['Pharmacy name is required']);
    expect(fieldMessages({ pharmacyName: undefined })).toEqual(['Pharmacy name is required']);
  });

  it("ncpdpId: at least 7 characters, 'NCPDP ID is required'", () => {
    expect(fieldMessages({ ncpdpId: '123456' })).toEqual(['NCPDP ID is required']);
    expect(fieldMessages({ ncpdpId: '1234567' })).toEqual([]);
  });

  it("nabpNumber: at least 5 characters, 'NABP number is required'", () => {
    expect(fieldMessages({ nabpNumber: '1234' })).toEqual(['NABP number is required']);
    expect(fieldMessages({ nabpNumber: '12345' })).toEqual([]);
  });

  it("deaNumber: two capital letters then seven digits, 'Invalid DEA number format'", () => {
    for (const bad of ['ab1234567', 'A12345678', 'AB123456', 'AB12345678', 'AB123456X']) {
      expect(fieldMessages({ deaNumber: bad })).toEqual(['Invalid DEA number format']);
    }
    expect(fieldMessages({ deaNumber: 'AB1234563' })).toEqual([]);
  });

  it("deaNumber: the registration's check digit, with System Settings' message", () => {
    // AB123456x: (1 + 3 + 5) + 2 × (2 + 4 + 6) = 33, so the check digit is 3.
    for (const digit of ['0', '1', '2', '4', '5', '6', '7', '8', '9']) {
      expect(fieldMessages({ deaNumber: `AB123456${digit}` })).toEqual(['DEA number check digit does not match']);
    }
    expect(fieldMessages({ deaNumber: ' BD4726189 ' })).toEqual([]);
  });

  it('stateLicenseNumber: required', () => {
    expect(fieldMessages({ stateLicenseNumber: '' })).toEqual(['State license number is required']);
  });

  it("stateLicenseState, state, picLicenseState: exactly 2 characters, 'State must be 2 characters', a US state", () => {
    for (const field of ['stateLicenseState', 'state', 'picLicenseState']) {
      expect(fieldMessages({ [field]: 'N' })).toEqual(['State must be 2 characters']);
      expect(fieldMessages({ [field]: 'NYC' })).toEqual(['State must be 2 characters']);
      expect(fieldMessages({ [field]: 'DC' })).toEqual(['Choose one of the 50 US states']);
      expect(fieldMessages({ [field]: 'CA' })).toEqual([]);
    }
  });

  it("npiNumber: exactly 10 digits, 'NPI must be 10 digits'", () => {
    for (const bad of ['123456789', '12345678901', '12345abcde']) {
      expect(fieldMessages({ npiNumber: bad })).toEqual(['NPI must be 10 digits']);
    }
  });

  it('streetAddress and city: required', () => {
    expect(fieldMessages({ streetAddress: '' })).toEqual(['Street address is required']);
    expect(fieldMessages({ city: ' ' })).toEqual(['City is required']);
  });

  it("zipCode: 5 digits or 5+4, 'Invalid ZIP code'", () => {
    for (const bad of ['1234', '123456', '12345-678', 'ABCDE', '12345 6789']) {
      expect(fieldMessages({ zipCode: bad })).toEqual(['Invalid ZIP code']);
    }
    expect(fieldMessages({ zipCode: '12345' })).toEqual([]);
    expect(fieldMessages({ zipCode: '12345-6789' })).toEqual([]);
  });

  it("phone: (555) 123-4567, 'Phone format: (555) 123-4567'", () => {
    for (const bad of ['5551234567', '555-123-4567', '(555)123-4567', '(555) 123-456']) {
      expect(fieldMessages({ phone: bad })).toEqual(['Phone format: (555) 123-4567']);
    }
  });

  it('email: a valid email', () => {
    expect(fieldMessages({ email: 'store-at-harbor' })).toEqual(['Invalid email address']);
  });

  it('website: a valid URL or empty', () => {
    expect(fieldMessages({ website: 'not a url' })).toEqual(['Website must be a valid URL (https://...)']);
    expect(fieldMessages({ website: 'javascript:alert(1)' })).toEqual(['Website must be a valid URL (https://...)']);
    expect(fieldMessages({ website: 'http://www.harbor-pharmacy.com/about' })).toEqual([]);
    expect(fieldMessages({ website: '' })).toEqual([]);
  });

  it('pharmacist in charge: names, license number and expiration required; the expiration a real date', () => {
    expect(fieldMessages({ picFirstName: '' })).toEqual(['Pharmacist in charge first name is required']);
    expect(fieldMessages({ picLastName: '' })).toEqual(['Pharmacist in charge last name is required']);
    expect(fieldMessages({ picLicenseNumber: '' })).toEqual(['Pharmacist in charge license number is required']);
    expect(fieldMessages({ picLicenseExpiration: '' })).toEqual(['License expiration date is required']);
    expect(fieldMessages({ picLicenseExpiration: '2028-02-30' })).toEqual(['Enter a valid date (YYYY-MM-DD)']);
    expect(fieldMessages({ picLicenseExpiration: '06/30/2028' })).toEqual(['Enter a valid date (YYYY-MM-DD)']);
  });

  it("admin: names required, 'Invalid admin email', 'Password must be at least 8 characters'", () => {
    expect(fieldMessages({ adminFirstName: '' })).toEqual(['Admin first name is required']);
    expect(fieldMessages({ adminLastName: '' })).toEqual(['Admin last name is required']);
    expect(fieldMessages({ adminEmail: 'admin@' })).toEqual(['Invalid admin email']);
    expect(fieldMessages({ adminPassword: '1234567' })).toEqual(['Password must be at least 8 characters']);
    expect(fieldMessages({ adminPassword: '12345678' })).toEqual([]);
  });

  it('admin license fields, when given, are a state code and a date', () => {
    expect(fieldMessages({ adminLicenseState: 'New York' })).toEqual(['State must be 2 characters']);
    expect(fieldMessages({ adminLicenseExpiration: 'soon' })).toEqual(['Enter a valid date (YYYY-MM-DD)']);
    expect(fieldMessages({ adminLicenseState: 'NY', adminLicenseExpiration: '2027-01-31', adminLicenseType: 'Pharmacist' })).toEqual([]);
  });

  it('chainAffiliation: one of the choices', () => {
    expect(fieldMessages({ chainAffiliation: 'Walgreens' })).toEqual([]);
    expect(fieldMessages({ chainAffiliation: 'Made Up Chain' })).toEqual(['Choose a chain affiliation from the list']);
  });

  it('the three agreements must be accepted, each with its message', () => {
    expect(fieldMessages({ acceptTermsAndConditions: false })).toEqual(['You must accept the terms and conditions to proceed']);
    expect(fieldMessages({ acceptPrivacyPolicy: false })).toEqual(['You must accept the privacy policy to proceed']);
    expect(fieldMessages({ acceptRegulatory: undefined })).toEqual(['You must acknowledge regulatory compliance requirements']);
  });

  it('drops keys it does not know (a body cannot smuggle a pharmacy id)', () => {
    const parsed = onboardingWizardSchema.parse({ ...wizardValues(), pharmacyId: 'x', pharmacy_id: 'y' });
    expect(parsed).not.toHaveProperty('pharmacyId');
    expect(parsed).not.toHaveProperty('pharmacy_id');
  });
});

describe("POST /api/auth/onboard's body: the spec's name of the state license number", () => {
  it('takes stateInternationalizeNumber and gives the wizard as the code holds it (stateLicenseNumber)', () => {
    const body = wizardPayload({ stateInternationalizeNumber: '  PH-4711 ' });
    expect(body).not.toHaveProperty('stateLicenseNumber');
    const parsed = onboardingWizardRequestSchema.parse(body);
    expect(parsed.stateLicenseNumber).toBe('PH-4711');
    expect(parsed).not.toHaveProperty('stateInternationalizeNumber');
  });

  it("names a problem by the field the client sent, with the wizard's message", () => {
    const result = onboardingWizardRequestSchema.safeParse(wizardPayload({ stateInternationalizeNumber: ' ' }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['stateInternationalizeNumber', 'State license number is required']]);
    // The internal name is not the wire's: a body with only stateLicenseNumber lacks the spec's field.
    const { stateInternationalizeNumber, ...withoutIt } = wizardPayload();
    const internalName = onboardingWizardRequestSchema.safeParse({ ...withoutIt, stateLicenseNumber: stateInternationalizeNumber });
    expect(internalName.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['stateInternationalizeNumber']);
  });

  it('toOnboardingWizardRequest writes the form values under the wire names, losing nothing', () => {
    const values = wizardValues();
    const body = toOnboardingWizardRequest(values);
    expect(body.stateInternationalizeNumber).toBe(values.stateLicenseNumber);
    expect(onboardingWizardRequestSchema.parse(body)).toEqual(onboardingWizardSchema.parse(values));
  });
});
