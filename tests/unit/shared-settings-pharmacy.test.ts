import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATING_HOURS } from '../../shared/src/onboarding/tabbed.ts';
import {
  PHARMACY_LOGO_MAX_BYTES,
  PHARMACY_LOGO_MIME_TYPES,
  PHARMACY_SETTINGS_DEFAULTS,
  pharmacySettingsReadSchema,
  pharmacySettingsSchema,
} from '../../shared/src/settings/pharmacy.ts';
import { expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = pharmacySettingsSchema;

/** The full write of tests/support/settings-writes.ts, with a fixed DEA number (BD4726189: check digit valid). */
const fullPharmacy = () => ({ ...FULL_SETTINGS_WRITES['pharmacy'](), deaNumber: 'BD4726189' });

describe('pharmacy settings (spec part 2 §3; onboarding rules)', () => {
  it('reads as empty fields with the onboarding hours when nothing is stored', () => {
    expect(pharmacySettingsReadSchema.parse(PHARMACY_SETTINGS_DEFAULTS)).toEqual(PHARMACY_SETTINGS_DEFAULTS);
    expect(PHARMACY_SETTINGS_DEFAULTS.operatingHours).toEqual(DEFAULT_OPERATING_HOURS);
    expect(PHARMACY_SETTINGS_DEFAULTS.pharmacyName).toBe('');
  });

  it('accepts a full valid pharmacy', () => {
    expectValid(schema, fullPharmacy());
  });

  it('needs every required-marked field', () => {
    const cases: Array<[string, string]> = [
      ['pharmacyName', 'Pharmacy name is required'],
      ['licenseNumber', 'License number is required'],
      ['deaNumber', 'DEA number is required'],
      ['npiNumber', 'NPI number is required'],
      ['address', 'Address is required'],
      ['city', 'City is required'],
      ['zipCode', 'ZIP code is required'],
      ['phone', 'Phone number is required'],
      ['pharmacistInCharge', 'Pharmacist in charge is required'],
      ['pharmacistLicense', 'Pharmacist license is required'],
    ];
    for (const [field, message] of cases) {
      expect(messagesAt(schema, withValue(fullPharmacy(), field, '  '), field), field).toEqual([message]);
    }
    expect(messagesAt(schema, withValue(fullPharmacy(), 'state', ''), 'state')).toEqual(['State must be 2 characters']);
  });

  it('checks the DEA number by format and check digit', () => {
    expect(messagesAt(schema, withValue(fullPharmacy(), 'deaNumber', 'B4726189'), 'deaNumber')).toEqual(['Invalid DEA number format']);
    expect(messagesAt(schema, withValue(fullPharmacy(), 'deaNumber', 'BD4726188'), 'deaNumber')).toEqual(['DEA number check digit does not match']);
  });

  it('checks NPI, ZIP, state and phone as onboarding does', () => {
    expect(messagesAt(schema, withValue(fullPharmacy(), 'npiNumber', '123456789'), 'npiNumber')).toEqual(['NPI must be 10 digits']);
    expect(messagesAt(schema, withValue(fullPharmacy(), 'zipCode', '6270'), 'zipCode')).toEqual(['Invalid ZIP code']);
    expect(messagesAt(schema, withValue(fullPharmacy(), 'state', 'DC'), 'state')).toEqual(['Choose one of the 50 US states']);
    expectValid(schema, withValue(fullPharmacy(), 'state', 'OH'));
    expect(messagesAt(schema, withValue(fullPharmacy(), 'phone', '2175550142'), 'phone')).toEqual(['Phone format: (555) 123-4567']);
  });

  it('bounds the text fields', () => {
    expect(messagesAt(schema, withValue(fullPharmacy(), 'pharmacyName', 'x'.repeat(201)), 'pharmacyName')).toEqual([
      'Pharmacy name must be at most 200 characters',
    ]);
    expectValid(schema, withValue(fullPharmacy(), 'pharmacyName', 'x'.repeat(200)));
  });

  it('checks the operating hours: a closing time after the opening time', () => {
    expect(messagesAt(schema, withValue(fullPharmacy(), 'operatingHours.monday', { open: '18:00', close: '09:00', closed: false }), 'operatingHours.monday.close')).toEqual([
      'Closing time must be after opening time',
    ]);
    expect(messagesAt(schema, withValue(fullPharmacy(), 'operatingHours.tuesday.open', '9am'), 'operatingHours.tuesday.open')).toEqual([
      'Opening time must be HH:MM',
    ]);
  });

  it('reads the record as stored: a DEA number with a wrong check digit, hours closing before opening, empty fields', () => {
    const stored = {
      ...fullPharmacy(),
      deaNumber: 'BD4726188',
      pharmacistInCharge: '',
      phone: '3095550100',
      operatingHours: { ...DEFAULT_OPERATING_HOURS, monday: { open: '18:00', close: '09:00', closed: false } },
    };
    expect(pharmacySettingsReadSchema.parse(stored)).toEqual(stored);
    // A save asks for each of them.
    const result = schema.safeParse(stored);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['deaNumber', 'DEA number check digit does not match'],
      ['phone', 'Phone format: (555) 123-4567'],
      ['pharmacistInCharge', 'Pharmacist in charge is required'],
      ['operatingHours.monday.close', 'Closing time must be after opening time'],
    ]);
  });

  it('gives the logo limits of §2 (PNG, JPG, SVG; 2 MB)', () => {
    expect(PHARMACY_LOGO_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect([...PHARMACY_LOGO_MIME_TYPES]).toEqual(['image/png', 'image/jpeg', 'image/svg+xml']);
  });
});
