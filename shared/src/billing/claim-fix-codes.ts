/**
 * The common NCPDP D.0 values a pharmacy sends to fix a rejected claim, with the External Code List's names, for the
 * guided fix's selects: submission clarification codes (420-DK) for a refill too soon, and the DUR/PPS codes
 * (439-E4 reason for service, 440-E5 professional service, 441-E6 result of service) for a DUR reject. Not the whole
 * code lists: the values a pharmacist picks day to day. The values are what the claim carries
 * (shared/src/billing/claim.ts claimFixesSchema: SCC 1–2 digits, DUR/PPS two characters).
 */

export interface CodeOption {
  value: string;
  label: string;
}

function options(entries: ReadonlyArray<readonly [value: string, name: string]>): readonly CodeOption[] {
  return entries.map(([value, name]) => ({ value, label: `${value} – ${name}` }));
}

/** 420-DK Submission Clarification Code: why a refill too soon (79) should be paid now. */
export const SUBMISSION_CLARIFICATION_OPTIONS = options([
  ['3', 'Vacation supply'],
  ['4', 'Lost prescription'],
  ['5', 'Therapy change'],
  ['7', 'Medically necessary'],
  ['13', 'Payer-recognized emergency/disaster assistance request'],
  ['14', 'Long-term care leave of absence'],
  ['2', 'Other override'],
]);

/** 439-E4 Reason for Service Code: the conflict the DUR found. */
export const DUR_REASON_OPTIONS = options([
  ['DD', 'Drug-drug interaction'],
  ['TD', 'Therapeutic duplication'],
  ['ID', 'Ingredient duplication'],
  ['ER', 'Overuse (early refill)'],
  ['LR', 'Underuse'],
  ['HD', 'High dose'],
  ['LD', 'Low dose'],
  ['DA', 'Drug-allergy'],
  ['DC', 'Drug-disease (inferred)'],
  ['MC', 'Drug-disease (reported)'],
  ['PA', 'Drug-age'],
  ['PG', 'Drug-pregnancy'],
  ['MX', 'Excessive duration'],
  ['AT', 'Additive toxicity'],
]);

/** 440-E5 Professional Service Code: what the pharmacist did about it. */
export const DUR_PROFESSIONAL_SERVICE_OPTIONS = options([
  ['M0', 'Prescriber consulted'],
  ['R0', 'Pharmacist consulted other source'],
  ['P0', 'Patient consulted'],
  ['MR', 'Medication review'],
  ['PH', 'Patient medication history'],
  ['DE', 'Dosing evaluation/determination'],
  ['CC', 'Coordination of care'],
  ['PE', 'Patient education/instruction'],
  ['00', 'No intervention'],
]);

/** 441-E6 Result of Service Code: what came of it. */
export const DUR_RESULT_OPTIONS = options([
  ['1A', 'Filled as is, false positive'],
  ['1B', 'Filled prescription as is'],
  ['1C', 'Filled with different dose'],
  ['1D', 'Filled with different directions'],
  ['1E', 'Filled with different drug'],
  ['1F', 'Filled with different quantity'],
  ['1G', 'Filled with prescriber approval'],
  ['3A', 'Recommendation accepted'],
  ['3C', 'Discontinued drug'],
]);

/** The name of a code among options ("7 – Medically necessary"), or the code alone when it is not listed. */
export function codeOptionLabel(list: readonly CodeOption[], value: string): string {
  return list.find((option) => option.value === value)?.label ?? value;
}
