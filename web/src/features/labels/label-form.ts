/**
 * The generator form's fields (spec §2) and what the preview prints from them (spec §4 "Label page"):
 * quantity 0 and days supply 30 when not numeric, Rx number 'CUSTOM', prescriber 'Custom Entry' and 0 refills
 * remaining when the label is not for a selected prescription. A refill's label names it ("Refill N of M").
 */
import { medicationLabel, patientFullName, refillText, type LabelPrescription } from './label-prescription.ts';

export interface LabelFormValues {
  patientName: string;
  prescriptionId: string;
  medication: string;
  quantity: string;
  daysSupply: string;
  directions: string;
}

export const EMPTY_LABEL_FORM: LabelFormValues = {
  patientName: '',
  prescriptionId: '',
  medication: '',
  quantity: '',
  daysSupply: '',
  directions: '',
};

export const DEFAULT_DAYS_SUPPLY = 30;
export const CUSTOM_RX_NUMBER = 'CUSTOM';
export const CUSTOM_PRESCRIBER = 'Custom Entry';

export function formFromPrescription(prescription: LabelPrescription): LabelFormValues {
  return {
    patientName: patientFullName(prescription),
    prescriptionId: String(prescription.rxNumber),
    medication: medicationLabel(prescription),
    quantity: prescription.quantity === null ? '' : String(prescription.quantity),
    daysSupply: prescription.daysSupply === null ? '' : String(prescription.daysSupply),
    directions: prescription.directions ?? '',
  };
}

function numberOr(text: string, fallback: number): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : fallback;
}

export interface LabelPreviewContent {
  rxNumber: string;
  patientName: string;
  medication: string;
  directions: string;
  quantity: number;
  daysSupply: number;
  prescriber: string;
  /** "Refill N of M" for a refill; null for the original or a custom label. */
  fill: string | null;
  refillsRemaining: number;
}

export function previewContent(form: LabelFormValues, selected: LabelPrescription | null): LabelPreviewContent {
  return {
    rxNumber: selected ? String(selected.rxNumber) : CUSTOM_RX_NUMBER,
    patientName: form.patientName.trim(),
    medication: form.medication.trim(),
    directions: form.directions.trim(),
    quantity: numberOr(form.quantity, 0),
    daysSupply: numberOr(form.daysSupply, DEFAULT_DAYS_SUPPLY),
    prescriber: selected ? selected.prescriberName || 'Prescriber not on file' : CUSTOM_PRESCRIBER,
    fill: selected ? refillText(selected) : null,
    refillsRemaining: selected ? selected.refillsRemaining : 0,
  };
}
