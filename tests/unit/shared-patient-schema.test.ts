/**
 * The shared patient form schema: what passes (text trimmed, lists kept) and the message each bad field
 * gets — required names, a real past date of birth, the shared phone shape, optional address and insurance,
 * and lists without blank entries.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_FORMAT_MESSAGE } from '../../shared/src/common/phone.ts';
import { EMPTY_PATIENT_FORM, PATIENT_MESSAGES, isPastCalendarDate, localCalendarDate, patientFormSchema } from '../../shared/src/patients/patient.ts';

const valid = {
  ...EMPTY_PATIENT_FORM,
  firstName: 'Margaret',
  lastName: 'Holloway',
  dateOfBirth: '1948-03-14',
  phone: '(217) 555-0301',
};

function messagesByField(body: Record<string, unknown>): Record<string, string[]> {
  const result = patientFormSchema.safeParse(body);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('patient form schema', () => {
  it('accepts the required fields alone and trims text', () => {
    const result = patientFormSchema.parse({ ...valid, firstName: '  Margaret ', city: ' Springfield ' });
    expect(result).toMatchObject({ firstName: 'Margaret', lastName: 'Holloway', city: 'Springfield', allergies: [], currentMedications: [] });
  });

  it('gives empty lists when the lists are missing', () => {
    const { allergies: _allergies, currentMedications: _medications, ...withoutLists } = valid;
    expect(patientFormSchema.parse(withoutLists)).toMatchObject({ allergies: [], currentMedications: [] });
  });

  it('accepts a full record with address, allergies and medications', () => {
    const result = patientFormSchema.parse({
      ...valid,
      email: 'mholloway@example.com',
      streetAddress: '1212 S Grand Ave W',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62704-1234',
      allergies: [' Penicillin ', 'Sulfa drugs'],
      currentMedications: ['Warfarin 5mg'],
    });
    expect(result.allergies).toEqual(['Penicillin', 'Sulfa drugs']);
    expect(result.currentMedications).toEqual(['Warfarin 5mg']);
    expect(result.state).toBe('IL');
  });

  it('carries no insurance: plans are kept on the record, so free-text insurance sent with the form is dropped', () => {
    const result = patientFormSchema.parse({ ...valid, insuranceProvider: 'Aetna', insuranceMemberId: 'W183746529', insuranceGroupNumber: '0087654' });
    expect(Object.keys(result).filter((key) => key.startsWith('insurance'))).toEqual([]);
  });

  it('requires first and last name, date of birth and phone, with their messages', () => {
    expect(messagesByField(EMPTY_PATIENT_FORM)).toEqual({
      firstName: [PATIENT_MESSAGES.firstName],
      lastName: [PATIENT_MESSAGES.lastName],
      dateOfBirth: [PATIENT_MESSAGES.dateOfBirthRequired],
      phone: [PATIENT_MESSAGES.phoneRequired],
    });
    expect(messagesByField({ ...valid, firstName: '   ', lastName: undefined })).toEqual({
      firstName: [PATIENT_MESSAGES.firstName],
      lastName: [PATIENT_MESSAGES.lastName],
    });
  });

  it('takes the phone only in the shared (555) 123-4567 shape', () => {
    expect(PATIENT_MESSAGES.phoneFormat).toBe(PHONE_FORMAT_MESSAGE);
    for (const phone of ['555-123-4567', '(555)123-4567', '5551234567', '(555) 123-456']) {
      expect(messagesByField({ ...valid, phone })).toEqual({ phone: ['Phone format: (555) 123-4567'] });
    }
  });

  it('takes the date of birth only as a real calendar day', () => {
    for (const dateOfBirth of ['1948-02-30', '03/14/1948', 'yesterday', '1948-3-14']) {
      expect(messagesByField({ ...valid, dateOfBirth })).toEqual({ dateOfBirth: [PATIENT_MESSAGES.dateOfBirthInvalid] });
    }
  });

  it('takes the date of birth only in the past and not before 1900', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2030, 5, 15, 9, 30));
    expect(messagesByField({ ...valid, dateOfBirth: '2030-06-15' })).toEqual({ dateOfBirth: [PATIENT_MESSAGES.dateOfBirthFuture] });
    expect(messagesByField({ ...valid, dateOfBirth: '2031-01-01' })).toEqual({ dateOfBirth: [PATIENT_MESSAGES.dateOfBirthFuture] });
    expect(messagesByField({ ...valid, dateOfBirth: '2030-06-14' })).toEqual({});
    expect(messagesByField({ ...valid, dateOfBirth: '1899-12-31' })).toEqual({ dateOfBirth: [PATIENT_MESSAGES.dateOfBirthTooEarly] });
    expect(messagesByField({ ...valid, dateOfBirth: '1900-01-01' })).toEqual({});
  });

  it('compares dates of birth with the local calendar day', () => {
    const lateEvening = new Date(2024, 0, 31, 23, 59);
    expect(localCalendarDate(lateEvening)).toBe('2024-01-31');
    expect(isPastCalendarDate('2024-01-30', lateEvening)).toBe(true);
    expect(isPastCalendarDate('2024-01-31', lateEvening)).toBe(false);
  });

  it('checks the optional email, state and ZIP code only when given', () => {
    expect(messagesByField({ ...valid, email: '', state: '', zipCode: '' })).toEqual({});
    expect(messagesByField({ ...valid, email: 'not-an-email', state: 'XX', zipCode: '1234' })).toEqual({
      email: [PATIENT_MESSAGES.email],
      state: [PATIENT_MESSAGES.state],
      zipCode: [PATIENT_MESSAGES.zipCode],
    });
  });

  it('takes email notifications consent only with an email address; no consent by default', () => {
    expect(patientFormSchema.parse(valid).contactConsent).toBe(false);
    expect(messagesByField({ ...valid, email: 'margaret@example.test', contactConsent: true })).toEqual({});
    expect(messagesByField({ ...valid, email: '', contactConsent: true })).toEqual({ contactConsent: [PATIENT_MESSAGES.contactConsentNeedsEmail] });
    expect(messagesByField({ ...valid, email: '   ', contactConsent: true })).toEqual({ contactConsent: [PATIENT_MESSAGES.contactConsentNeedsEmail] });
  });

  it('refuses blank entries in the allergy and medication lists', () => {
    expect(messagesByField({ ...valid, allergies: ['Penicillin', '  '], currentMedications: [''] })).toEqual({
      'allergies.1': [PATIENT_MESSAGES.allergy],
      'currentMedications.0': [PATIENT_MESSAGES.medication],
    });
    expect(messagesByField({ ...valid, allergies: 'Penicillin' })).toHaveProperty('allergies');
  });
});
