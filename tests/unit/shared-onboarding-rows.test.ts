import { describe, expect, it } from 'vitest';
import { tabbedOnboardingAccount, wizardOnboardingAccount } from '../../shared/src/onboarding/rows.ts';
import { DEFAULT_OPERATING_HOURS, onboardingCompleteSchema } from '../../shared/src/onboarding/tabbed.ts';
import { onboardingWizardSchema } from '../../shared/src/onboarding/wizard.ts';
import { tabbedPayload, wizardValues } from '../support/onboarding-payloads.ts';

describe('wizard payload → onboard_pharmacy arguments', () => {
  it('maps every field to its snake_case column, empty optional text to null', () => {
    const payload = wizardValues({ county: '', fax: ' ', adminEmail: 'Marcus.Bell@Harbor.Example.com', adminLicenseType: 'Pharmacist' });
    const account = wizardOnboardingAccount(onboardingWizardSchema.parse(payload));
    expect(account.adminSignIn).toEqual({ email: 'marcus.bell@harbor.example.com', password: payload.adminPassword });
    expect(account.pharmacy).toEqual({
      pharmacy_name: payload.pharmacyName,
      trade_name: payload.tradeName,
      chain_affiliation: 'Independent',
      ncpdp_id: payload.ncpdpId,
      nabp_number: payload.nabpNumber,
      dea_number: payload.deaNumber,
      state_license_number: payload.stateLicenseNumber,
      state_license_state: 'NY',
      npi_number: payload.npiNumber,
      street_address: '12 Water Street',
      city: 'Albany',
      state: 'NY',
      zip_code: '12207',
      county: null,
      phone: '(518) 555-0142',
      fax: null,
      email: payload.email,
      website: 'https://harbor.example.com',
      tax_id: '12-3456789',
      business_type: 'Retail',
      ownership_type: 'LLC',
      admin_first_name: 'Marcus',
      admin_last_name: 'Bell',
      admin_phone: '(518) 555-0144',
      admin_license_number: null,
      admin_license_state: null,
      admin_license_expiration: null,
      admin_license_type: 'Pharmacist',
    });
    expect(account.pic).toEqual({
      first_name: 'Grace',
      last_name: 'Okafor',
      license_number: payload.picLicenseNumber,
      license_state: 'NY',
      license_expiration: '2028-06-30',
    });
    expect(account.operatingHours).toEqual(DEFAULT_OPERATING_HOURS);
    expect(account.planId).toBe('flat-monthly');
  });
});

describe('tabbed payload → onboard_pharmacy arguments', () => {
  it('maps address/licenseNumber/licenseState, names no pharmacist in charge and keeps the hours and plan', () => {
    const hours = { ...DEFAULT_OPERATING_HOURS, sunday: { open: '10:00', close: '16:00', closed: true } };
    const payload = tabbedPayload({ operatingHours: hours, website: '' });
    const account = tabbedOnboardingAccount(onboardingCompleteSchema.parse(payload));
    expect(account.pharmacy).toMatchObject({
      pharmacy_name: payload.pharmacyName,
      dea_number: payload.deaNumber,
      ncpdp_id: payload.ncpdpId,
      nabp_number: null,
      npi_number: payload.npiNumber,
      state_license_number: payload.licenseNumber,
      state_license_state: 'TX',
      street_address: '400 Congress Avenue',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      phone: '(512) 555-0190',
      fax: null,
      website: null,
      admin_first_name: 'Lena',
      admin_last_name: 'Ortiz',
      admin_phone: '(512) 555-0191',
    });
    expect(account.pic).toBeNull();
    expect(account.operatingHours.sunday).toEqual({ open: '10:00', close: '16:00', closed: true });
    expect(account.planId).toBe('flat-monthly');
    expect(account.adminSignIn.email).toBe(payload.adminEmail);
  });
});
