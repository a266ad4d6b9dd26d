import { describe, expect, it } from 'vitest';
import { PHARMACY_SETTINGS_DEFAULTS, type PharmacySettingsRead } from '../../shared/src/settings/pharmacy.ts';
import { DEA_EXPIRY_WARNING_DAYS } from '../../shared/src/settings/controlled.ts';
import { localDateIn } from '../../shared/src/common/dates.ts';
import {
  deaCompliance,
  ePrescriptionsEnabled,
  pharmacyInfoStatus,
  REQUIRED_PHARMACY_FIELDS,
} from '../../shared/src/settings/summary.ts';
import { TRANSMISSION_SETTINGS_DEFAULTS } from '../../shared/src/settings/transmission.ts';

const completePharmacy: PharmacySettingsRead = {
  ...PHARMACY_SETTINGS_DEFAULTS,
  pharmacyName: 'Main Street Pharmacy',
  licenseNumber: 'PH-1234',
  deaNumber: 'BD4726189',
  npiNumber: '1234567890',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  phone: '(555) 123-4567',
  pharmacistInCharge: 'Pat Doe',
  pharmacistLicense: 'RPH-99',
};

const VALID_DEA = 'BD4726189';

describe('pharmacy info card (spec part 2 §2)', () => {
  it('is Configured when every required field is filled', () => {
    expect(pharmacyInfoStatus(completePharmacy)).toEqual({ configured: true, missing: [] });
  });

  it('is Incomplete for the defaults of a pharmacy never configured, naming every field', () => {
    const status = pharmacyInfoStatus(PHARMACY_SETTINGS_DEFAULTS);
    expect(status.configured).toBe(false);
    expect(status.missing).toEqual(Object.values(REQUIRED_PHARMACY_FIELDS));
  });

  it.each(Object.entries(REQUIRED_PHARMACY_FIELDS))('is Incomplete when %s is blank (spaces count as blank)', (field, label) => {
    const status = pharmacyInfoStatus({ ...completePharmacy, [field]: '   ' });
    expect(status).toEqual({ configured: false, missing: [label] });
  });
});

describe('e-prescriptions card', () => {
  it('follows the transmission group Surescripts switch', () => {
    expect(ePrescriptionsEnabled(TRANSMISSION_SETTINGS_DEFAULTS)).toBe(false);
    expect(ePrescriptionsEnabled({ surescriptsEnabled: true })).toBe(true);
  });
});

describe('DEA compliance card (valid registration, not expiring within 90 days)', () => {
  const today = '2026-11-23';

  it('is compliant 91 days before expiry and expiring at exactly 90', () => {
    expect(DEA_EXPIRY_WARNING_DAYS).toBe(90);
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2027-02-22' }, today)).toEqual({ state: 'compliant', compliant: true, daysLeft: 91 });
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2027-02-21' }, today)).toEqual({ state: 'expiring', compliant: false, daysLeft: 90 });
  });

  it('is expiring (still valid) on the expiration day and expired the day after', () => {
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: today }, today)).toEqual({ state: 'expiring', compliant: false, daysLeft: 0 });
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2026-11-22' }, today)).toEqual({ state: 'expired', compliant: false, daysLeft: -1 });
  });

  it('counts calendar days across a daylight-saving change and a leap day', () => {
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2028-03-01' }, '2028-02-28').daysLeft).toBe(2);
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2027-03-15' }, '2027-03-13').daysLeft).toBe(2);
  });

  it('is not compliant without a valid registration number or an expiration date', () => {
    expect(deaCompliance({ deaNumber: '', deaExpirationDate: '2030-01-01' }, today).state).toBe('no-registration');
    // Check digit wrong (BD4726189 is valid; ...188 is not).
    expect(deaCompliance({ deaNumber: 'BD4726188', deaExpirationDate: '2030-01-01' }, today).state).toBe('no-registration');
    expect(deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '' }, today)).toEqual({ state: 'no-expiration', compliant: false, daysLeft: null });
  });

  it('refuses a "today" that is not a calendar date', () => {
    expect(() => deaCompliance({ deaNumber: VALID_DEA, deaExpirationDate: '2030-01-01' }, '2026-11-31')).toThrow(RangeError);
  });
});

describe("the pharmacy's local date", () => {
  it('is the date in the pharmacy time zone, not the terminal or UTC one', () => {
    // 03:30 UTC on Nov 24 is still Nov 23 in Chicago (UTC−6) and already Nov 24 in UTC and Tokyo.
    const instant = new Date('2026-11-24T03:30:00Z');
    expect(localDateIn('America/Chicago', instant)).toBe('2026-11-23');
    expect(localDateIn('UTC', instant)).toBe('2026-11-24');
    expect(localDateIn('Asia/Tokyo', instant)).toBe('2026-11-24');
  });
});
