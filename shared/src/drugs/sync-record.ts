/**
 * What sync writes into the local catalog from a provider's record (POST /api/drugs/sync-external): the record
 * public.sync_medications takes, built from an External drug result. Only what the provider reported: the package
 * size from its description (./package.ts), the DEA schedule from openFDA's "CII".."CV" (null when it names none),
 * the NDC in the labeler format the provider gave. Price, stock and threshold are the pharmacy's and never sent.
 */
import { DEA_SCHEDULES, type DeaSchedule } from '../prescriptions/prescription.ts';
import type { DrugSearchProviderId, ExternalDrugResult } from './external-drug.ts';
import { parsePackageDescription, type PackageUnit } from './package.ts';

/** The record as public.sync_medications(records jsonb) reads it (a type, so it is JSON to the typed client). */
export type MedicationSyncRecord = {
  ndcNumber: string;
  name: string;
  genericName: string | null;
  strength: string | null;
  dosageForm: string | null;
  manufacturer: string | null;
  packageSize: number | null;
  packageUnit: PackageUnit | null;
  packageDescription: string | null;
  deaSchedule: DeaSchedule | null;
  source: DrugSearchProviderId;
};

/** openFDA's dea_schedule ("CII", "CIII", "CIV", "CV"; also "II" or "C-II") as stored; null for none or schedule I. */
export function deaScheduleOf(value: string | null | undefined): DeaSchedule | null {
  const roman = (value ?? '').trim().toUpperCase().replace(/^C-?/, '');
  return DEA_SCHEDULES.find((schedule) => schedule === roman) ?? null;
}

/** The description without the NDC openFDA repeats in brackets, at most 500 characters (the column's limit). */
function packageText(description: string | null): string | null {
  const text = description?.replace(/\s*\(\d{4,5}-\d{3,4}-\d{1,2}\)/g, '').trim() ?? '';
  return text === '' ? null : text.slice(0, 500);
}

export function syncRecordOf(result: ExternalDrugResult): MedicationSyncRecord {
  const pack = parsePackageDescription(result.packageDescription);
  return {
    ndcNumber: result.ndcNumber,
    name: result.name,
    genericName: result.genericName,
    strength: result.strength,
    dosageForm: result.dosageForm,
    manufacturer: result.manufacturer,
    packageSize: pack?.size ?? null,
    packageUnit: pack?.unit ?? null,
    packageDescription: packageText(result.packageDescription),
    deaSchedule: deaScheduleOf(result.deaSchedule),
    source: result.provider,
  };
}
