/**
 * What the formulary editor's form starts from (pure, so it is unit-tested): an existing entry's values as the
 * form's text, or a new entry for the first insurance type the medication has no entry for yet.
 */
import { INSURANCE_TYPES, type FormularyEntry, type FormularyEntryFormInput, type InsuranceType } from '@pharmacy/shared/drugs/formulary.ts';

/** The insurance types a new entry may take: those the medication has no entry for (entries are one per type). */
export function insuranceTypesWithoutEntry(entries: readonly Pick<FormularyEntry, 'insuranceType'>[]): InsuranceType[] {
  const taken = new Set(entries.map((entry) => entry.insuranceType));
  return INSURANCE_TYPES.filter((type) => !taken.has(type));
}

/** The form's starting values: the entry's (numbers as text), or a blank entry of `insuranceType`. */
export function formularyFormDefaults(entry: FormularyEntry | null, insuranceType: InsuranceType): FormularyEntryFormInput {
  if (!entry) {
    return { insuranceType, tier: '1', priorAuthorization: false, quantityLimit: '', quantityLimitDays: '', notes: '' };
  }
  return {
    insuranceType: entry.insuranceType,
    tier: String(entry.tier),
    priorAuthorization: entry.priorAuthorization,
    quantityLimit: entry.quantityLimit ? String(entry.quantityLimit.quantity) : '',
    quantityLimitDays: entry.quantityLimit ? String(entry.quantityLimit.days) : '',
    notes: entry.notes ?? '',
  };
}
