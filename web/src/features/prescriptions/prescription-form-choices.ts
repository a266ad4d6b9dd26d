/**
 * Which prescriber or product the prescription form has chosen, with what the form's checks need (DEA number,
 * verification, exclusion; DEA schedule): the one picked in its field, else the one the form was opened with (a
 * prescription file's match, read by id), as long as the field still holds that id. And whether the Original Date
 * field shows: for a fax, and whenever it holds a date the form was opened with or a problem, so a date sent with
 * the entry is never hidden from the user. Pure, for the dialog and its unit tests.
 */
import type { PrescriptionType } from '@pharmacy/shared/prescriptions/prescription.ts';

export function chosenChoice<Choice extends { value: string }>(picked: Choice | null, preset: Choice | null, fieldValue: string | undefined): Choice | null {
  if (fieldValue === undefined || fieldValue === '') return null;
  if (picked !== null && picked.value === fieldValue) return picked;
  if (preset !== null && preset.value === fieldValue) return preset;
  return null;
}

export function showsOriginalDate(type: PrescriptionType, openedWithDate: string | undefined, hasProblem: boolean): boolean {
  return type === 'fax' || (openedWithDate !== undefined && openedWithDate.trim() !== '') || hasProblem;
}
