/**
 * The shared prescription form schema: what passes (free-text numbers become whole numbers, blanks are
 * dropped, the source follows the type) and the message each bad field gets; the DEA rules of controlled
 * substances and the DEA number check digit.
 */
import { describe, expect, it } from 'vitest';
import { isValidDeaNumber } from '../../shared/src/common/field-rules.ts';
import {
  addMonths, CONTROLLED_SUBSTANCE_MESSAGES, controlledSubstanceFieldIssues, controlledSubstanceIssues, PRESCRIPTION_MESSAGES, prescriptionFormSchema, sourceForType,
} from '../../shared/src/prescriptions/prescription.ts';

const PATIENT_ID = '0b6f3c52-6a1e-4c1f-9a77-2f1c1a9e3d10';
const MEDICATION_ID = '5d2e8f41-3b7c-4e0a-8f3d-91c2b4a6e7f8';

const valid = {
  prescriptionType: 'written',
  patientId: PATIENT_ID,
  medicationId: MEDICATION_ID,
  directions: 'Take 1 tablet by mouth daily',
  quantity: '30',
  refills: '2',
  daysSupply: '30',
};

function messages(body: Record<string, unknown>): string[] {
  const result = prescriptionFormSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('prescription form schema', () => {
  it('turns the free-text numbers into whole numbers and trims text', () => {
    const result = prescriptionFormSchema.parse({ ...valid, quantity: ' 30 ', directions: '  Take daily  ' });
    expect(result).toMatchObject({ quantity: 30, refills: 2, daysSupply: 30, directions: 'Take daily', prescriptionType: 'written' });
  });

  it('accepts numbers as well as text', () => {
    expect(prescriptionFormSchema.parse({ ...valid, quantity: 90, refills: 0, daysSupply: 90 })).toMatchObject({ quantity: 90, refills: 0, daysSupply: 90 });
  });

  it('makes blank refills 0 and blank days supply null, and drops blank optional fields', () => {
    const result = prescriptionFormSchema.parse({ ...valid, refills: '', daysSupply: '', urgencyLevel: '', faxNumber: ' ', prescriberId: '' });
    expect(result.refills).toBe(0);
    expect(result.daysSupply).toBeNull();
    expect(result.urgencyLevel).toBeUndefined();
    expect(result.faxNumber).toBeUndefined();
    expect(result.prescriberId).toBeUndefined();
  });

  it('keeps the fax and verbal fields', () => {
    const result = prescriptionFormSchema.parse({
      ...valid, prescriptionType: 'fax', originalDate: '2026-11-20', faxNumber: '(309) 555-0199', verificationNotes: 'Called office',
      callerInfo: 'Nurse Kim', callbackNumber: '(309) 555-0142', urgencyLevel: 'urgent',
    });
    expect(result).toMatchObject({ originalDate: '2026-11-20', faxNumber: '(309) 555-0199', verificationNotes: 'Called office', callerInfo: 'Nurse Kim', callbackNumber: '(309) 555-0142', urgencyLevel: 'urgent' });
  });

  it('requires a patient, a medication, directions and a quantity', () => {
    expect(messages({ prescriptionType: 'verbal' })).toEqual([
      PRESCRIPTION_MESSAGES.patient,
      PRESCRIPTION_MESSAGES.medication,
      PRESCRIPTION_MESSAGES.directions,
      PRESCRIPTION_MESSAGES.quantityRequired,
    ]);
    expect(messages({ ...valid, directions: '   ' })).toEqual([PRESCRIPTION_MESSAGES.directions]);
    expect(messages({ ...valid, patientId: 'not-a-uuid' })).toEqual([PRESCRIPTION_MESSAGES.patient]);
  });

  it.each([
    ['quantity', '1.5', PRESCRIPTION_MESSAGES.quantity],
    ['quantity', '0', PRESCRIPTION_MESSAGES.quantity],
    ['quantity', 'thirty', PRESCRIPTION_MESSAGES.quantity],
    ['refills', '-1', PRESCRIPTION_MESSAGES.refills],
    ['refills', '100', PRESCRIPTION_MESSAGES.refills],
    ['daysSupply', '0', PRESCRIPTION_MESSAGES.daysSupply],
    ['daysSupply', '1e2', PRESCRIPTION_MESSAGES.daysSupply],
  ])('refuses %s %j', (field, value, message) => {
    expect(messages({ ...valid, [field]: value })).toEqual([message]);
  });

  it('refuses an unknown prescription type, urgency or source', () => {
    expect(messages({ ...valid, prescriptionType: 'email' })).toEqual([PRESCRIPTION_MESSAGES.prescriptionType]);
    expect(messages({ ...valid, urgencyLevel: 'later' })).toEqual([PRESCRIPTION_MESSAGES.urgencyLevel]);
    expect(messages({ ...valid, source: 'carrier pigeon' })).toEqual([PRESCRIPTION_MESSAGES.source]);
  });

  it('refuses an impossible original date', () => {
    expect(messages({ ...valid, originalDate: '2026-02-30' })).toEqual(['Enter a valid date (YYYY-MM-DD)']);
  });

  it('derives the source from the type', () => {
    expect(sourceForType('electronic')).toBe('e-prescription');
    expect(sourceForType('fax')).toBe('manual_entry');
  });
});

describe('DEA rules (21 CFR 1306)', () => {
  const base = { deaSchedule: 'II' as const, refills: 0, prescriberDeaNumber: 'AG1234563', dateWritten: '2026-01-31', today: '2026-02-01' };

  it('checks a DEA number\'s format and check digit', () => {
    expect(isValidDeaNumber('AG1234563')).toBe(true);
    expect(isValidDeaNumber('BD4726189')).toBe(true);
    expect(isValidDeaNumber('AG1234567')).toBe(false);
    expect(isValidDeaNumber('A01234563')).toBe(false);
    expect(isValidDeaNumber('ag1234563')).toBe(false);
    expect(isValidDeaNumber(null)).toBe(false);
  });

  it('schedule II: no refills; III–V: at most 5', () => {
    expect(controlledSubstanceIssues(base)).toEqual([]);
    expect(controlledSubstanceIssues({ ...base, refills: 1 })).toEqual([CONTROLLED_SUBSTANCE_MESSAGES.scheduleIIRefills]);
    expect(controlledSubstanceIssues({ ...base, deaSchedule: 'III', refills: 5 })).toEqual([]);
    expect(controlledSubstanceIssues({ ...base, deaSchedule: 'V', refills: 6 })).toEqual(['Schedule V controlled substances allow at most 5 refills (21 CFR 1306.22)']);
    expect(controlledSubstanceIssues({ ...base, deaSchedule: null, refills: 11, prescriberDeaNumber: null })).toEqual([]);
  });

  it('needs a prescriber with a valid DEA number', () => {
    expect(controlledSubstanceIssues({ ...base, prescriberDeaNumber: undefined })).toEqual(['A controlled substance (schedule II) needs a prescriber with a valid DEA number']);
    expect(controlledSubstanceIssues({ ...base, prescriberDeaNumber: 'AG1234567' })).toHaveLength(1);
  });

  it('III–V: no fill past 6 months from the date written (month ends clamp as in Postgres)', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-01-15', 6)).toBe('2026-07-15');
    const schedIV = { ...base, deaSchedule: 'IV' as const, dateWritten: '2026-01-15' };
    expect(controlledSubstanceIssues({ ...schedIV, today: '2026-07-15' })).toEqual([]);
    expect(controlledSubstanceIssues({ ...schedIV, today: '2026-07-16' })).toEqual([
      'A schedule IV prescription cannot be filled more than 6 months after the date written (2026-01-15) (21 CFR 1306.22)',
    ]);
    expect(controlledSubstanceIssues({ ...base, today: '2027-01-01' })).toEqual([]);
  });

  it('a date written in the future is refused for any schedule', () => {
    expect(controlledSubstanceIssues({ ...base, dateWritten: '2026-02-02' })).toEqual([CONTROLLED_SUBSTANCE_MESSAGES.writtenInFuture]);
    expect(controlledSubstanceIssues({ ...base, dateWritten: '2026-02-01' })).toEqual([]);
    expect(controlledSubstanceIssues({ ...base, deaSchedule: null, dateWritten: '2030-01-01' })).toEqual([]);
  });
});

describe('controlledSubstanceFieldIssues', () => {
  it('names the form field each DEA rule concerns', () => {
    expect(controlledSubstanceFieldIssues({ deaSchedule: 'IV', refills: 6, prescriberDeaNumber: null, dateWritten: '2026-01-01', today: '2026-08-01' })
      .map((issue) => issue.field)).toEqual(['refills', 'prescriberId', 'originalDate']);
  });
});
