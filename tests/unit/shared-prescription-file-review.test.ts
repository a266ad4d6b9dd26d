/**
 * The review of a prescription file (shared/src/prescription-files/file-review.ts): the review form's text becomes
 * the model's extracted data (numbers parsed, blanks dropped, each problem on its field), the form is filled back
 * from stored data, "Create prescription" is offered only for a processed file not yet linked, and the prescription
 * form starts from the file's matches and drug data with the type its arrival implies.
 */
import { describe, expect, it } from 'vitest';
import {
  createPrescriptionState,
  prescriptionFormFromFile,
  reviewFormInput,
  reviewFormSchema,
} from '../../shared/src/prescription-files/file-review.ts';
import type { PrescriptionFile } from '../../shared/src/prescription-files/prescription-file.ts';
import { prescriptionFormSchema } from '../../shared/src/prescriptions/prescription.ts';

const PATIENT = 'a0000000-0000-4000-8000-000000000001';
const PRESCRIBER = 'a0000000-0000-4000-8000-000000000002';
const MEDICATION = 'a0000000-0000-4000-8000-000000000003';

const DATA = {
  patientData: { name: 'Jane Roe', dateOfBirth: '1980-04-02', insuranceInfo: { provider: 'Acme Health', bin: '610014' } },
  drugData: { name: 'Lisinopril', strength: '10 mg', quantity: 30, daysSupply: 30, refills: 2, directions: 'Take 1 tablet daily', genericSubstitution: false, ndcNumber: '00093711201' },
  prescriberData: { name: 'Dr. Ann Smith', npiNumber: '1234567893', deaNumber: 'AS1234563', dateSigned: '2026-11-20' },
};

function file(overrides: Partial<PrescriptionFile> = {}): PrescriptionFile {
  return {
    id: 'f0000000-0000-4000-8000-000000000001', prescriptionId: null, fileName: 'rx.xml', fileType: 'application/xml', fileSize: 1200,
    processingStatus: 'processed', extractionConfidence: '0.97', manualReviewRequired: false, uploadedAt: '2026-11-21T10:00:00Z',
    processedAt: '2026-11-21T10:00:01Z', ...DATA, receivedAs: 'electronic', sourceFormat: 'script-xml-10.6', errorReason: null, checks: [],
    matchedPatientId: PATIENT, matchedPrescriberId: PRESCRIBER, matchedMedicationId: MEDICATION, hasOcr: false, ocrConfidence: null,
    reviewedAt: null, storagePath: 'p/f', ...overrides,
  };
}

describe('the review form', () => {
  it('round-trips the stored data: filled from it, it parses back to the same data', () => {
    const input = reviewFormInput(DATA);
    expect(input.drugData.quantity).toBe('30');
    expect(input.drugData.genericSubstitution).toBe('false');
    expect(input.patientData.insuranceInfo.pcn).toBe('');
    expect(reviewFormSchema.parse(input)).toEqual(DATA);
  });

  it('drops cleared fields, and an insurance left empty', () => {
    const input = reviewFormInput(DATA);
    input.patientData.insuranceInfo = { provider: ' ', policyNumber: '', groupNumber: '', bin: '', pcn: '' };
    input.drugData.refills = '';
    input.drugData.genericSubstitution = '';
    const parsed = reviewFormSchema.parse(input);
    expect(parsed.patientData).toEqual({ name: 'Jane Roe', dateOfBirth: '1980-04-02' });
    expect(parsed.drugData).not.toHaveProperty('refills');
    expect(parsed.drugData).not.toHaveProperty('genericSubstitution');
  });

  it('puts each bad number on its own field with its message', () => {
    const input = reviewFormInput(DATA);
    input.drugData.quantity = '0';
    input.drugData.daysSupply = '2.5';
    input.drugData.refills = '100';
    const result = reviewFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['drugData.quantity', 'Quantity must be a number greater than 0'],
      ['drugData.daysSupply', 'Days supply must be a whole number from 0 to 365'],
      ['drugData.refills', 'Refills must be a whole number from 0 to 99'],
    ]);
    input.drugData = { ...reviewFormInput(DATA).drugData, quantity: '7.5' };
    expect(reviewFormSchema.parse(input).drugData.quantity).toBe(7.5);
  });

  it("checks the text against the model's schemas (an NPI longer than 10 characters)", () => {
    const input = reviewFormInput(DATA);
    input.prescriberData.npiNumber = '12345678901';
    const result = reviewFormSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['prescriberData.npiNumber']);
  });
});

describe('createPrescriptionState', () => {
  it('offers Create prescription for a processed file only, with the reason otherwise', () => {
    expect(createPrescriptionState(file())).toEqual({ kind: 'available' });
    expect(createPrescriptionState(file({ processingStatus: 'pending' }))).toEqual({ kind: 'unavailable', reason: 'Process the file first' });
    expect(createPrescriptionState(file({ processingStatus: 'manual_review' }))).toEqual({
      kind: 'unavailable', reason: 'Review the extracted data and mark it reviewed first',
    });
    expect(createPrescriptionState(file({ processingStatus: 'error' })).kind).toBe('unavailable');
  });

  it('names the prescription once the file is linked, whatever its status', () => {
    const id = 'b0000000-0000-4000-8000-000000000009';
    expect(createPrescriptionState(file({ prescriptionId: id }))).toEqual({ kind: 'linked', prescriptionId: id });
    expect(createPrescriptionState(file({ prescriptionId: id, processingStatus: 'manual_review' }))).toEqual({ kind: 'linked', prescriptionId: id });
  });
});

describe('prescriptionFormFromFile', () => {
  it("starts the prescription form from the file's matches and drug data, valid as it is", () => {
    const values = prescriptionFormFromFile(file());
    expect(values).toEqual({
      prescriptionType: 'electronic', patientId: PATIENT, prescriberId: PRESCRIBER, medicationId: MEDICATION,
      quantity: '30', daysSupply: '30', refills: '2', directions: 'Take 1 tablet daily', originalDate: '2026-11-20',
    });
    expect(prescriptionFormSchema.parse(values)).toMatchObject({ quantity: 30, refills: 2, daysSupply: 30, originalDate: '2026-11-20' });
  });

  it('takes the type from how the file arrived: a fax is a fax, a scan a written prescription', () => {
    expect(prescriptionFormFromFile(file({ receivedAs: 'fax' })).prescriptionType).toBe('fax');
    expect(prescriptionFormFromFile(file({ receivedAs: 'scan' })).prescriptionType).toBe('written');
  });

  it('leaves blank what the file did not give or match, for the form to ask', () => {
    const values = prescriptionFormFromFile(file({
      matchedPatientId: null, matchedPrescriberId: null, matchedMedicationId: null, drugData: { quantity: 2.5 }, prescriberData: {},
    }));
    expect(values).toMatchObject({ patientId: '', prescriberId: '', medicationId: '', quantity: '', refills: '', directions: '', originalDate: '' });
    const result = prescriptionFormSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['patientId', 'medicationId', 'directions', 'quantity']));
  });
});
