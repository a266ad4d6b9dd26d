/**
 * The shared prescription form schema: what passes (free-text numbers become whole numbers, blanks are
 * dropped, the source follows the type) and the message each bad field gets.
 */
import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_MESSAGES, prescriptionFormSchema, sourceForType } from '../../shared/src/schemas/prescription.ts';

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
