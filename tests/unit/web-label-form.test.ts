/**
 * The labels screen's pure rules (spec §2, §4): the preview's fallbacks (quantity 0 and days supply 30 when
 * not numeric, Rx 'CUSTOM', prescriber 'Custom Entry', 0 refills remaining without a selected prescription; a refill named "Refill N of M"), the form
 * filled from a selected prescription, and the search over patient names (any case) and Rx numbers.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_LABEL_FORM, formFromPrescription, previewContent } from '../../web/src/features/labels/label-form.ts';
import { matchesLabelSearch, refillText, toLabelPrescription, type LabelPrescription } from '../../web/src/features/labels/label-prescription.ts';

const READY: LabelPrescription = {
  id: '00000000-0000-4000-8000-000000000001',
  rxNumber: 1008,
  status: 'ready',
  patientFirstName: 'Evelyn',
  patientLastName: 'Park',
  medicationName: 'Furosemide',
  medicationStrength: '40 mg',
  quantity: 30,
  daysSupply: 30,
  directions: 'Take 1 tablet by mouth every morning',
  prescriberName: 'Dr. Ana Ruiz, MD',
  fillNumber: 0,
  refills: 3,
  refillsRemaining: 3,
};

describe('label preview', () => {
  it('applies the fallbacks to a custom label', () => {
    const content = previewContent({ ...EMPTY_LABEL_FORM, patientName: ' Jo Doe ', medication: 'Amoxicillin', quantity: 'thirty', daysSupply: '' }, null);
    expect(content).toEqual({
      rxNumber: 'CUSTOM', patientName: 'Jo Doe', medication: 'Amoxicillin', directions: '', quantity: 0, daysSupply: 30,
      prescriber: 'Custom Entry', fill: null, refillsRemaining: 0,
    });
  });

  it('keeps numeric quantity and days supply as typed', () => {
    const content = previewContent({ ...EMPTY_LABEL_FORM, patientName: 'A', medication: 'B', quantity: '14', daysSupply: '7' }, null);
    expect([content.quantity, content.daysSupply]).toEqual([14, 7]);
  });

  it('prints a selected prescription with its own Rx number, prescriber and refills', () => {
    const form = formFromPrescription(READY);
    expect(form).toEqual({
      patientName: 'Evelyn Park', prescriptionId: '1008', medication: 'Furosemide 40 mg', quantity: '30', daysSupply: '30',
      directions: 'Take 1 tablet by mouth every morning',
    });
    expect(previewContent(form, READY)).toMatchObject({ rxNumber: '1008', prescriber: 'Dr. Ana Ruiz, MD', fill: null, refillsRemaining: 3 });
  });

  it('names a selected refill "Refill N of M" with the refills left after it', () => {
    const refill: LabelPrescription = { ...READY, id: '00000000-0000-4000-8000-000000000002', fillNumber: 1, refillsRemaining: 2 };
    expect(previewContent(formFromPrescription(refill), refill)).toMatchObject({ rxNumber: '1008', fill: 'Refill 1 of 3', refillsRemaining: 2 });
  });
});

describe('a fill read from the database', () => {
  it('takes its refills remaining from its fill number (refills − fill number)', () => {
    const row = {
      id: READY.id, rx_number: 1008, status: 'ready', quantity: 30, days_supply: 30, directions: null, prescriber_name: null, refills: 3, fill_number: 1,
      patient: { first_name: 'Evelyn', last_name: 'Park' }, medication: { name: 'Furosemide', strength: '40 mg' },
    };
    const fill = toLabelPrescription(row);
    expect(fill).toMatchObject({ rxNumber: 1008, fillNumber: 1, refills: 3, refillsRemaining: 2 });
    expect(refillText(fill)).toBe('Refill 1 of 3');
    expect(refillText(toLabelPrescription({ ...row, fill_number: 0 }))).toBeNull();
  });
});

describe('label search', () => {
  it('matches first or last name in any case, or the Rx number', () => {
    for (const search of ['evelyn', 'PARK', 'par', '1008', 'RX 1008', '', '  ']) expect(matchesLabelSearch(READY, search), search).toBe(true);
    for (const search of ['walter', '1009', 'Furosemide']) expect(matchesLabelSearch(READY, search), search).toBe(false);
  });
});
