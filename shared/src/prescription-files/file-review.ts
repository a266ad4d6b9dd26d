/**
 * The review of a prescription file (issue 23 "Review and intake"): the review form's text fields and how they
 * become the PUT's corrections (checked by the model's patientData / drugData / prescriberData schemas), whether
 * "Create prescription" is offered and why not, and the prescription form's first values from a file. Pure, so
 * the web's review view and its prescription dialog say the same thing the tests check.
 */
import * as z from 'zod';
import type { PrescriptionFormInput } from '../prescriptions/prescription.ts';
import {
  drugDataSchema,
  patientDataSchema,
  prescriberDataSchema,
  prescriptionTypeForReceived,
  type DrugData,
  type PatientData,
  type PrescriberData,
  type PrescriptionFile,
} from './prescription-file.ts';

// -------------------------------------------------------------------------------------------------------------
// The review form: every field is text as typed; blanks are dropped (a cleared field is no longer extracted)
// -------------------------------------------------------------------------------------------------------------
const textField = z.string();

const insuranceForm = z.object({ provider: textField, policyNumber: textField, groupNumber: textField, bin: textField, pcn: textField });
const patientForm = z.object({
  name: textField,
  firstName: textField,
  lastName: textField,
  dateOfBirth: textField,
  gender: textField,
  phone: textField,
  address: textField,
  insuranceInfo: insuranceForm,
});
const drugForm = z.object({
  name: textField,
  strength: textField,
  form: textField,
  quantity: textField,
  daysSupply: textField,
  directions: textField,
  refills: textField,
  /** '' unknown, 'true' substitution permitted, 'false' dispense as written. */
  genericSubstitution: z.enum(['', 'true', 'false']),
  ndcNumber: textField,
});
const prescriberForm = z.object({
  name: textField,
  firstName: textField,
  lastName: textField,
  npiNumber: textField,
  deaNumber: textField,
  address: textField,
  phone: textField,
  dateSigned: textField,
});

const reviewFormTextSchema = z.object({ patientData: patientForm, drugData: drugForm, prescriberData: prescriberForm });
export type ReviewFormInput = z.input<typeof reviewFormTextSchema>;

/**
 * Drops blank text fields (and an object left empty by that). Typed loosely: the model's schema after it (the
 * pipe) checks what is left.
 */
function withoutBlanks(fields: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.entries(fields).flatMap(([key, value]): [string, unknown][] => {
    if (typeof value === 'string') return value.trim() === '' ? [] : [[key, value]];
    if (value !== null && typeof value === 'object') {
      const inner = withoutBlanks(value as Record<string, unknown>);
      return inner === undefined ? [] : [[key, inner]];
    }
    return value === undefined ? [] : [[key, value]];
  });
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** How each drug number is written; its bounds and message are the model's (drugDataSchema). */
const NUMBER_TEXT = { quantity: /^\d+(\.\d+)?$/, daysSupply: /^\d+$/, refills: /^\d+$/ } as const;

/**
 * The review form: text in, the model's extracted data out (numbers parsed, substitution a boolean, blanks
 * dropped), with each problem on its field's path.
 */
export const reviewFormSchema = reviewFormTextSchema
  .transform((form) => {
    const numbers: Partial<Record<keyof typeof NUMBER_TEXT, number>> = {};
    for (const key of Object.keys(NUMBER_TEXT) as (keyof typeof NUMBER_TEXT)[]) {
      const typed = form.drugData[key].trim();
      // Text that is no number is NaN, which the model's schema refuses with the field's message.
      if (typed !== '') numbers[key] = NUMBER_TEXT[key].test(typed) ? Number(typed) : Number.NaN;
    }
    const { quantity: _quantity, daysSupply: _daysSupply, refills: _refills, genericSubstitution, ...drugText } = form.drugData;
    return {
      patientData: (withoutBlanks(form.patientData) ?? {}) as PatientData,
      drugData: {
        ...(withoutBlanks(drugText) as DrugData | undefined),
        ...numbers,
        ...(genericSubstitution === '' ? {} : { genericSubstitution: genericSubstitution === 'true' }),
      },
      prescriberData: (withoutBlanks(form.prescriberData) ?? {}) as PrescriberData,
    };
  })
  .pipe(
    z.object({
      patientData: patientDataSchema,
      drugData: drugDataSchema,
      prescriberData: prescriberDataSchema,
    }),
  );
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

const text = (value: string | undefined) => value ?? '';
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The review form's fields filled from the file's extracted data. */
export function reviewFormInput(data: { patientData: PatientData; drugData: DrugData; prescriberData: PrescriberData }): ReviewFormInput {
  const { patientData: patient, drugData: drug, prescriberData: prescriber } = data;
  const insurance = patient.insuranceInfo ?? {};
  return {
    patientData: {
      name: text(patient.name),
      firstName: text(patient.firstName),
      lastName: text(patient.lastName),
      dateOfBirth: text(patient.dateOfBirth),
      gender: text(patient.gender),
      phone: text(patient.phone),
      address: text(patient.address),
      insuranceInfo: {
        provider: text(insurance.provider),
        policyNumber: text(insurance.policyNumber),
        groupNumber: text(insurance.groupNumber),
        bin: text(insurance.bin),
        pcn: text(insurance.pcn),
      },
    },
    drugData: {
      name: text(drug.name),
      strength: text(drug.strength),
      form: text(drug.form),
      quantity: numberText(drug.quantity),
      daysSupply: numberText(drug.daysSupply),
      directions: text(drug.directions),
      refills: numberText(drug.refills),
      genericSubstitution: drug.genericSubstitution === undefined ? '' : drug.genericSubstitution ? 'true' : 'false',
      ndcNumber: text(drug.ndcNumber),
    },
    prescriberData: {
      name: text(prescriber.name),
      firstName: text(prescriber.firstName),
      lastName: text(prescriber.lastName),
      npiNumber: text(prescriber.npiNumber),
      deaNumber: text(prescriber.deaNumber),
      address: text(prescriber.address),
      phone: text(prescriber.phone),
      dateSigned: text(prescriber.dateSigned),
    },
  };
}

// -------------------------------------------------------------------------------------------------------------
// Create prescription
// -------------------------------------------------------------------------------------------------------------
export type CreatePrescriptionState =
  | { kind: 'linked'; prescriptionId: string }
  | { kind: 'available' }
  | { kind: 'unavailable'; reason: string };

/**
 * Whether "Create prescription" is offered for a file: once linked, never again (the link is shown instead); a
 * processed file (extracted, or reviewed) may; a file still to be read, needing review or unreadable may not, and
 * the reason says what to do first.
 */
export function createPrescriptionState(file: Pick<PrescriptionFile, 'prescriptionId' | 'processingStatus'>): CreatePrescriptionState {
  if (file.prescriptionId !== null) return { kind: 'linked', prescriptionId: file.prescriptionId };
  switch (file.processingStatus) {
    case 'processed':
      return { kind: 'available' };
    case 'pending':
      return { kind: 'unavailable', reason: 'Process the file first' };
    case 'manual_review':
      return { kind: 'unavailable', reason: 'Review the extracted data and mark it reviewed first' };
    case 'error':
      return { kind: 'unavailable', reason: 'Nothing could be read from this file: enter the prescription by hand' };
  }
}

/**
 * The prescription form's first values from a file: the matched patient, prescriber and catalog drug, the
 * quantity, days supply, directions and refills read from it, the date signed as the original date, and the type
 * its arrival implies (fax, written for a scan, electronic). Blank where the file gave nothing; the form checks
 * the rest as for any entry.
 */
export function prescriptionFormFromFile(
  file: Pick<PrescriptionFile, 'matchedPatientId' | 'matchedPrescriberId' | 'matchedMedicationId' | 'drugData' | 'prescriberData' | 'receivedAs'>,
): Partial<PrescriptionFormInput> {
  const drug = file.drugData;
  return {
    prescriptionType: prescriptionTypeForReceived(file.receivedAs),
    patientId: file.matchedPatientId ?? '',
    prescriberId: file.matchedPrescriberId ?? '',
    medicationId: file.matchedMedicationId ?? '',
    // The form takes whole numbers; a fractional quantity is left for the user to settle.
    quantity: drug.quantity !== undefined && Number.isInteger(drug.quantity) ? String(drug.quantity) : '',
    daysSupply: numberText(drug.daysSupply),
    refills: numberText(drug.refills),
    directions: text(drug.directions),
    originalDate: text(file.prescriberData.dateSigned),
  };
}
