/**
 * Provider Management's pure parts (web/src/features/providers/provider-format.ts): a card's licence and DEA expiry
 * flags (expired, within CREDENTIAL_ALERT_DAYS, valid), the credential alert sentence, the status badge colours,
 * board certifications typed as text, and the Edit form filled from an NPPES record.
 */
import { CREDENTIAL_ALERT_DAYS } from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { EMPTY_PRESCRIBER_FORM, prescriberFormSchema } from '@pharmacy/shared/prescribers/prescriber.ts';
import { describe, expect, it } from 'vitest';
import {
  boardCertificationsFromText,
  boardCertificationsText,
  credentialAlertSentence,
  credentialExpiry,
  daysBetween,
  formWithNppesDetails,
  verificationBadgeClass,
} from '../../web/src/features/providers/provider-format.ts';

describe('credentialExpiry', () => {
  const today = '2026-11-28';
  it('is nothing without an expiration', () => {
    expect(credentialExpiry(null, today)).toBeNull();
  });
  it('flags a date before today as expired, with the days since', () => {
    expect(credentialExpiry('2026-11-27', today)).toEqual({ state: 'expired', days: -1, text: 'expired 2026-11-27 (1 day ago)' });
    expect(credentialExpiry('2026-10-29', today)?.text).toBe('expired 2026-10-29 (30 days ago)');
  });
  it('flags today and the next CREDENTIAL_ALERT_DAYS - 1 days as expiring, as the database does (expires_on < today + 90)', () => {
    expect(credentialExpiry(today, today)).toEqual({ state: 'expiring', days: 0, text: 'expires 2026-11-28 (today)' });
    expect(credentialExpiry('2027-01-12', today)).toEqual({ state: 'expiring', days: 45, text: 'expires 2027-01-12 (in 45 days)' });
    const lastAlertDay = new Date(Date.parse(`${today}T00:00:00Z`) + (CREDENTIAL_ALERT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    expect(credentialExpiry(lastAlertDay, today)?.state).toBe('expiring');
  });
  it('leaves an expiration 90 days or more away unflagged', () => {
    const day90 = new Date(Date.parse(`${today}T00:00:00Z`) + CREDENTIAL_ALERT_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(credentialExpiry(day90, today)).toEqual({ state: 'valid', days: 90, text: `expires ${day90}` });
  });
  it('counts whole days across a daylight-saving change', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-11-01', '2026-10-31')).toBe(-1);
  });
});

describe('credentialAlertSentence', () => {
  it('tells a licence expiring soon', () => {
    expect(
      credentialAlertSentence(
        { prescriberId: 'x', prescriberName: 'Dr. James Whitaker', credential: 'license', credentialNumber: 'IL 036.120557', expiresOn: '2027-01-12', expired: false },
        '2026-11-28',
      ),
    ).toBe('Licence IL 036.120557 of Dr. James Whitaker expires 2027-01-12 (in 45 days)');
  });
  it('tells an expired DEA registration', () => {
    expect(
      credentialAlertSentence(
        { prescriberId: 'x', prescriberName: 'Dr. Ana Ruiz', credential: 'dea', credentialNumber: 'AR1234563', expiresOn: '2026-11-18', expired: true },
        '2026-11-28',
      ),
    ).toBe('DEA registration AR1234563 of Dr. Ana Ruiz expired 2026-11-18 (10 days ago)');
  });
});

describe('verificationBadgeClass', () => {
  it('is green, yellow, red, and neutral for anything else (spec §4)', () => {
    expect(verificationBadgeClass('verified')).toBe('badge-success');
    expect(verificationBadgeClass('pending')).toBe('badge-warning');
    expect(verificationBadgeClass('expired')).toBe('badge-error');
    expect(verificationBadgeClass('revoked')).toBe('badge-neutral');
  });
});

describe('board certifications as text', () => {
  it('splits lines and commas, trims and drops blanks', () => {
    expect(boardCertificationsFromText(' ABIM Internal Medicine ,\n\nABIM Cardiology,')).toEqual(['ABIM Internal Medicine', 'ABIM Cardiology']);
    expect(boardCertificationsFromText('')).toEqual([]);
  });
  it('writes one per line, read back the same', () => {
    const list = ['ABFM', 'ABP Pediatrics'];
    expect(boardCertificationsFromText(boardCertificationsText(list))).toEqual(list);
  });
});

describe('formWithNppesDetails', () => {
  const onFile = { ...EMPTY_PRESCRIBER_FORM, firstName: 'James', lastName: 'Whitaker', npiNumber: '1234567893', specialty: 'Medicine', phone: '(312) 555-0100' };
  const record = {
    npi: '1234567893',
    firstName: 'JAMES',
    lastName: 'WHITAKER',
    organizationName: null,
    credential: 'M.D.',
    status: 'A',
    enumerationType: 'NPI-1',
    specialty: 'Internal Medicine',
    taxonomies: [],
    practiceLocation: { address: '100 N Main St Suite 2', city: 'CHICAGO', state: 'il', zipCode: '60601-1234', phone: '3125550199', fax: '312-555-0198' },
  };
  it('takes the specialty, credential, practice location, phone and fax, in the form\'s formats', () => {
    const form = formWithNppesDetails(record, onFile);
    expect(form).toMatchObject({
      firstName: 'James',
      npiNumber: '1234567893',
      degree: 'M.D.',
      specialty: 'Internal Medicine',
      practiceAddress: '100 N Main St Suite 2',
      practiceCity: 'CHICAGO',
      practiceState: 'IL',
      practiceZipCode: '60601-1234',
      phone: '(312) 555-0199',
      fax: '(312) 555-0198',
    });
    expect(prescriberFormSchema.safeParse(form).success).toBe(true);
  });
  it('keeps what is on file where NPPES gives nothing, and is null when nothing would change or the record is not one', () => {
    const partial = formWithNppesDetails({ ...record, credential: null, practiceLocation: { ...record.practiceLocation, phone: '12' } }, onFile);
    expect(partial?.degree).toBe('');
    expect(partial?.phone).toBe('(312) 555-0100');
    const applied = formWithNppesDetails(record, onFile)!;
    expect(formWithNppesDetails(record, applied)).toBeNull();
    expect(formWithNppesDetails('not a record', onFile)).toBeNull();
    expect(formWithNppesDetails(null, onFile)).toBeNull();
  });
});
