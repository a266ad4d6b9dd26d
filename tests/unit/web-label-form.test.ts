/**
 * The labels screen's pure rules (spec §2, §4): the preview's fallbacks (quantity 0 and days supply 30 when
 * not numeric, Rx 'CUSTOM', prescriber 'Custom Entry', 0 refills without a selected prescription), the form
 * filled from a selected prescription, and the search over patient names (any case) and Rx numbers.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_LABEL_FORM, formFromPrescription, previewContent } from '../../web/src/features/labels/label-form.ts';
import { matchesLabelSearch, type LabelPrescription } from '../../web/src/features/labels/label-prescription.ts';

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
  refillsRemaining: 3,
};

describe('label preview', () => {
  it('applies the fallbacks to a custom label', () => {
    const content = previewContent({ ...EMPTY_LABEL_FORM, patientName: ' Jo Doe ', medication: 'Amoxicillin', quantity: 'thirty', daysSupply: '' }, null);
    expect(content).toEqual({
      rxNumber: 'CUSTOM', patientName: 'Jo Doe', medication: 'Amoxicillin', directions: '', quantity: 0, daysSupply: 30,
      prescriber: 'Custom Entry', refills: 0,
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
    expect(previewContent(form, READY)).toMatchObject({ rxNumber: '1008', prescriber: 'Dr. Ana Ruiz, MD', refills: 3 });
  });
});

describe('label search', () => {
  it('matches first or last name in any case, or the Rx number', () => {
    for (const search of ['evelyn', 'PARK', 'par', '1008', 'RX 1008', '', '  ']) expect(matchesLabelSearch(READY, search), search).toBe(true);
    for (const search of ['walter', '1009', 'Furosemide']) expect(matchesLabelSearch(READY, search), search).toBe(false);
  });
});
