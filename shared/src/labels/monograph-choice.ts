/**
 * The print flow's questions about the patient-information sheet, for the web's print dialog and the api (kept
 * apart from the sheet's texts so the screens load only these): whether the patient may choose the sheet and
 * whether it prints as a document of its own after the label. Pure.
 */
import type { MonographChoice } from './print-request.ts';
import { MONOGRAPH_FORMAT_LABELS, type PrintingSettings } from '../settings/printing.ts';

/** None, or one of the formats under the names the Printing and Labels tabs give them. */
export const MONOGRAPH_CHOICE_LABELS: Readonly<Record<MonographChoice, string>> = {
  none: 'No patient information',
  ...MONOGRAPH_FORMAT_LABELS,
};

/** Whether the print dialog offers the patient the choice (allowPatientMonographChoice, or integration 'patient_choice'). */
export function patientMayChoose(settings: Pick<PrintingSettings, 'enableMonographPrinting' | 'allowPatientMonographChoice' | 'monographIntegration'>): boolean {
  return settings.enableMonographPrinting && (settings.allowPatientMonographChoice || settings.monographIntegration === 'patient_choice');
}

/** Whether a label's sheet prints as a document of its own after it (integration 'separate'), given the patient's choice. */
export function sheetPrintsSeparately(
  settings: Pick<PrintingSettings, 'enableMonographPrinting' | 'monographIntegration'>,
  patientChoice?: MonographChoice,
): boolean {
  return settings.enableMonographPrinting && settings.monographIntegration === 'separate' && patientChoice !== 'none';
}
