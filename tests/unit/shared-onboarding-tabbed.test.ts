import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATING_HOURS,
  EMPTY_ONBOARDING_TABBED,
  WEEKDAYS,
  onboardingCompleteSchema,
  onboardingTabbedSchema,
  tabbedAdminSchema,
  tabbedPharmacySchema,
  tabbedPlanSchema,
} from '../../shared/src/onboarding/tabbed.ts';
import { tabbedPayload } from '../support/onboarding-payloads.ts';

function fieldMessages(overrides: Record<string, unknown>): string[] {
  const result = onboardingTabbedSchema.safeParse({ ...tabbedPayload(), ...overrides });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('tabbed onboarding rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(onboardingTabbedSchema.safeParse(tabbedPayload()).success).toBe(true);
  });

  it('the tabs split the form: pharmacy, admin, plan', () => {
    const fields = [tabbedPharmacySchema, tabbedAdminSchema, tabbedPlanSchema].flatMap((schema) => Object.keys(schema.shape));
    expect(fields.sort()).toEqual(Object.keys(onboardingTabbedSchema.shape).sort());
    expect(Object.keys(EMPTY_ONBOARDING_TABBED).sort()).toEqual(fields.sort());
  });

  it('gives an empty form every message', () => {
    expect(onboardingTabbedSchema.safeParse(EMPTY_ONBOARDING_TABBED).error?.issues.map((issue) => issue.message)).toEqual([
      'Pharmacy name is required',
      'DEA number is required',
      'NCPDP ID is required',
      'NPI number is required',
      'License number is required',
      'License state must be at least 2 characters',
      'Address is required',
      'City is required',
      'State must be at least 2 characters',
      'ZIP code must be at least 5 characters',
      'Phone number must be at least 10 digits',
      'Valid email is required',
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Password must be at least 8 characters',
      'Phone number must be at least 10 digits',
      'Please select a subscription plan',
      'Terms must be accepted',
      'HIPAA agreement must be accepted',
      'Privacy policy must be accepted',
    ]);
  });

  it('required pharmacy fields', () => {
    expect(fieldMessages({ pharmacyName: ' ' })).toEqual(['Pharmacy name is required']);
    expect(fieldMessages({ ncpdpId: '' })).toEqual(['NCPDP ID is required']);
    expect(fieldMessages({ licenseNumber: '' })).toEqual(['License number is required']);
    expect(fieldMessages({ address: '' })).toEqual(['Address is required']);
    expect(fieldMessages({ city: '' })).toEqual(['City is required']);
  });

  it('DEA and NPI: required, then their formats', () => {
    expect(fieldMessages({ deaNumber: '' })).toEqual(['DEA number is required']);
    expect(fieldMessages({ deaNumber: 'A1234567' })).toEqual(['Invalid DEA number format']);
    expect(fieldMessages({ deaNumber: 'AB1234567' })).toEqual(['DEA number check digit does not match']);
    expect(fieldMessages({ deaNumber: 'AB1234563' })).toEqual([]);
    expect(fieldMessages({ npiNumber: '' })).toEqual(['NPI number is required']);
    expect(fieldMessages({ npiNumber: '12345' })).toEqual(['NPI must be 10 digits']);
  });

  it('licenseState and state at least 2, zipCode at least 5, phone and adminPhone at least 10', () => {
    expect(fieldMessages({ licenseState: 'T' })).toEqual(['License state must be at least 2 characters']);
    expect(fieldMessages({ state: 'T' })).toEqual(['State must be at least 2 characters']);
    expect(fieldMessages({ zipCode: '7870' })).toEqual(['ZIP code must be at least 5 characters']);
    expect(fieldMessages({ phone: '512555019' })).toEqual(['Phone number must be at least 10 digits']);
    expect(fieldMessages({ adminPhone: '512555019' })).toEqual(['Phone number must be at least 10 digits']);
    expect(fieldMessages({ phone: '5125550190', adminPhone: '5125550191' })).toEqual([]);
  });

  it("emails: 'Valid email is required'", () => {
    expect(fieldMessages({ email: 'cedar' })).toEqual(['Valid email is required']);
    expect(fieldMessages({ adminEmail: 'lena@' })).toEqual(['Valid email is required']);
  });

  it('adminPassword at least 8', () => {
    expect(fieldMessages({ adminPassword: 'short' })).toEqual(['Password must be at least 8 characters']);
  });

  it("selectedPlan: 'Please select a subscription plan'", () => {
    expect(fieldMessages({ selectedPlan: '' })).toEqual(['Please select a subscription plan']);
    expect(fieldMessages({ selectedPlan: undefined })).toEqual(['Please select a subscription plan']);
  });

  it('the three agreements, each with its message', () => {
    expect(fieldMessages({ termsAccepted: false })).toEqual(['Terms must be accepted']);
    expect(fieldMessages({ hipaaAgreement: false })).toEqual(['HIPAA agreement must be accepted']);
    expect(fieldMessages({ privacyPolicy: false })).toEqual(['Privacy policy must be accepted']);
  });

  it('fax and website are optional; a website given must be a URL', () => {
    expect(fieldMessages({ fax: undefined, website: undefined })).toEqual([]);
    expect(fieldMessages({ website: 'cedar drug' })).toEqual(['Website must be a valid URL (https://...)']);
  });
});

describe('operating hours (spec §3)', () => {
  it('default to weekdays 09:00-18:00, Saturday 09:00-17:00, Sunday 10:00-16:00, none closed', () => {
    expect(Object.keys(DEFAULT_OPERATING_HOURS)).toEqual([...WEEKDAYS]);
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
      expect(DEFAULT_OPERATING_HOURS[day]).toEqual({ open: '09:00', close: '18:00', closed: false });
    }
    expect(DEFAULT_OPERATING_HOURS.saturday).toEqual({ open: '09:00', close: '17:00', closed: false });
    expect(DEFAULT_OPERATING_HOURS.sunday).toEqual({ open: '10:00', close: '16:00', closed: false });
  });

  it('the complete payload fills in the defaults when hours are missing', () => {
    expect(onboardingCompleteSchema.parse(tabbedPayload()).operatingHours).toEqual(DEFAULT_OPERATING_HOURS);
  });

  it('refuses malformed times and a close before the open, but not on a closed day', () => {
    const hours = (sunday: unknown) => onboardingCompleteSchema.safeParse({ ...tabbedPayload(), operatingHours: { ...DEFAULT_OPERATING_HOURS, sunday } });
    expect(hours({ open: '9am', close: '16:00', closed: false }).error?.issues.map((issue) => issue.message)).toEqual(['Opening time must be HH:MM']);
    expect(hours({ open: '16:00', close: '10:00', closed: false }).error?.issues.map((issue) => issue.message)).toEqual(['Closing time must be after opening time']);
    expect(hours({ open: '16:00', close: '10:00', closed: true }).success).toBe(true);
    expect(onboardingCompleteSchema.safeParse({ ...tabbedPayload(), operatingHours: { monday: DEFAULT_OPERATING_HOURS.monday } }).success).toBe(false);
  });
});
