/**
 * NCPDP reject codes (511-FB, the External Code List's text) a payer answers with, and the guided fix the claims
 * worklist offers for each: a refill too soon waits or asks for an override, a DUR reject needs the pharmacist's
 * DUR/PPS codes, a prior authorization goes to the prescriber, a product not covered to an alternative, plan limits
 * to the quantity or days supply, "bill primary" to the other payer, eligibility to the patient's coverage on file.
 * The list holds the common codes, not the whole External Code List: an unknown code says so rather than guess.
 * Codes are up to 3 characters; a single-digit code is read as its 2-digit form ("7" is "07").
 */

export type RejectFix =
  | 'refill_too_soon'
  | 'dur'
  | 'prior_authorization'
  | 'not_covered'
  | 'plan_limits'
  | 'bill_primary'
  | 'eligibility'
  | 'other';

interface RejectCode {
  text: string;
  fix: RejectFix;
}

function code(text: string, fix: RejectFix = 'other'): RejectCode {
  return { text, fix };
}

export const REJECT_CODES: Readonly<Record<string, RejectCode>> = {
  '01': code('M/I BIN Number', 'eligibility'),
  '02': code('M/I Version/Release Number'),
  '03': code('M/I Transaction Code'),
  '04': code('M/I Processor Control Number', 'eligibility'),
  '05': code('M/I Service Provider Number'),
  '06': code('M/I Group ID', 'eligibility'),
  '07': code('M/I Cardholder ID', 'eligibility'),
  '08': code('M/I Person Code', 'eligibility'),
  '09': code('M/I Date Of Birth', 'eligibility'),
  '10': code('M/I Patient Gender Code', 'eligibility'),
  '11': code('M/I Patient Relationship Code', 'eligibility'),
  '13': code('M/I Other Coverage Code'),
  '15': code('M/I Date Of Service'),
  '16': code('M/I Prescription/Service Reference Number'),
  '17': code('M/I Fill Number'),
  '19': code('M/I Days Supply'),
  '20': code('M/I Compound Code'),
  '21': code('M/I Product/Service ID'),
  '22': code('M/I Dispense As Written (DAW)/Product Selection Code'),
  '23': code('M/I Ingredient Cost Submitted'),
  '25': code('M/I Prescriber ID'),
  '26': code('M/I Unit Of Measure'),
  '28': code('M/I Date Prescription Written'),
  '29': code('M/I Number Of Refills Authorized'),
  '33': code('M/I Prescription Origin Code'),
  '34': code('M/I Submission Clarification Code'),
  '40': code('Pharmacy Not Contracted With Plan On Date Of Service'),
  '41': code('Submit Bill To Other Processor Or Primary Payer', 'bill_primary'),
  '50': code('Non-Matched Pharmacy Number'),
  '51': code('Non-Matched Group ID', 'eligibility'),
  '52': code('Non-Matched Cardholder ID', 'eligibility'),
  '53': code('Non-Matched Person Code', 'eligibility'),
  '54': code('Non-Matched Product/Service ID Number'),
  '55': code('Non-Matched Product Package Size'),
  '56': code('Non-Matched Prescriber ID'),
  '60': code('Product/Service Not Covered For Patient Age', 'not_covered'),
  '61': code('Product/Service Not Covered For Patient Gender', 'not_covered'),
  '62': code('Patient/Card Holder ID Name Mismatch', 'eligibility'),
  '64': code('Claim Submitted Does Not Match Prior Authorization', 'prior_authorization'),
  '65': code('Patient Is Not Covered', 'eligibility'),
  '66': code('Patient Age Exceeds Maximum Age', 'eligibility'),
  '67': code('Filled Before Coverage Effective', 'eligibility'),
  '68': code('Filled After Coverage Expired', 'eligibility'),
  '69': code('Filled After Coverage Terminated', 'eligibility'),
  '70': code('Product/Service Not Covered', 'not_covered'),
  '71': code('Prescriber ID Is Not Covered'),
  '73': code('Refills Are Not Covered', 'not_covered'),
  '74': code('Other Carrier Payment Meets Or Exceeds Payable'),
  '75': code('Prior Authorization Required', 'prior_authorization'),
  '76': code('Plan Limitations Exceeded', 'plan_limits'),
  '77': code('Discontinued Product/Service ID Number', 'not_covered'),
  '78': code('Cost Exceeds Maximum', 'plan_limits'),
  '79': code('Refill Too Soon', 'refill_too_soon'),
  '80': code('Drug-Diagnosis Mismatch', 'not_covered'),
  '81': code('Claim Too Old'),
  '82': code('Claim Is Post-Dated'),
  '83': code('Duplicate Paid/Captured Claim'),
  '84': code('Claim Has Not Been Paid/Captured'),
  '85': code('Claim Not Processed'),
  '86': code('Submit Manual Reversal'),
  '87': code('Reversal Not Processed'),
  '88': code('DUR Reject Error', 'dur'),
  '89': code('Rejected Claim Fees Paid'),
  '90': code('Host Hung Up'),
  '91': code('Host Response Error'),
  '92': code('System Unavailable/Host Unavailable'),
  '95': code('Time Out'),
  '96': code('Scheduled Downtime'),
  '97': code('Payer Unavailable'),
  '98': code('Connection To Payer Is Down'),
  '99': code('Host Processing Error'),
  '1R': code('Version/Release Not Supported'),
  '1S': code('Transaction Code/Type Not Supported'),
  '1T': code('PCN Must Contain Processor/Payer Assigned Value', 'eligibility'),
  '1U': code('Transaction Count Does Not Match Number Of Transactions'),
  '1V': code('Multiple Transactions Not Supported'),
  '1W': code('Multi-Ingredient Compound Must Be A Single Transaction'),
  '1Y': code('Claim Segment Required For Adjudication'),
  A5: code('Not Covered Under Part D Law', 'not_covered'),
  A6: code('This Product/Service May Be Covered Under Medicare Part B', 'bill_primary'),
  A9: code('M/I Transaction Count'),
  AE: code('QMB (Qualified Medicare Beneficiary)-Bill Medicare', 'bill_primary'),
  AF: code('Patient Enrolled Under Managed Care', 'bill_primary'),
  AG: code('Days Supply Limitation For Product/Service', 'plan_limits'),
  AJ: code('Generic Drug Required', 'not_covered'),
  AK: code('M/I Software Vendor/Certification ID'),
  AM: code('M/I Segment Identification'),
  CA: code('M/I Patient First Name', 'eligibility'),
  CB: code('M/I Patient Last Name', 'eligibility'),
  DR: code('M/I Prescriber Last Name'),
  E4: code('M/I DUR Conflict/Reason For Service Code', 'dur'),
  E5: code('M/I DUR Intervention/Professional Service Code', 'dur'),
  E6: code('M/I DUR Outcome/Result Of Service Code', 'dur'),
  E7: code('M/I Quantity Dispensed'),
  EU: code('M/I Prior Authorization Type Code', 'prior_authorization'),
  EV: code('M/I Prior Authorization Number Submitted', 'prior_authorization'),
  M1: code('Patient Not Covered In This Aid Category', 'eligibility'),
  M2: code('Recipient Locked In', 'eligibility'),
  MR: code('Product Not On Formulary', 'not_covered'),
  N1: code('No Patient Match Found', 'eligibility'),
  PA: code('PA Exhausted/Not Renewable', 'prior_authorization'),
  PK: code('M/I Request Patient Segment'),
  PN: code('M/I Request Prescriber Segment'),
  R8: code('Syntax Error'),
};

/** A code as the list keys it: trimmed, upper case, a single digit as its 2-digit form. */
function normalise(rejectCode: string): string {
  const trimmed = rejectCode.trim().toUpperCase();
  return trimmed.length === 1 && trimmed >= '0' && trimmed <= '9' ? `0${trimmed}` : trimmed;
}

function known(key: string): RejectCode | undefined {
  return Object.hasOwn(REJECT_CODES, key) ? REJECT_CODES[key] : undefined;
}

/** The standard's text for a reject code ("79" → "Refill Too Soon"); an unknown code says it is not in our list. */
export function rejectCodeText(rejectCode: string): string {
  const key = normalise(rejectCode);
  return known(key)?.text ?? `Reject code ${key === '' ? '(empty)' : key} (not in this product's list of NCPDP reject codes)`;
}

/** The worklist's guided fix for a reject code; 'other' when it has none (or the code is unknown). */
export function rejectFix(rejectCode: string): RejectFix {
  return known(normalise(rejectCode))?.fix ?? 'other';
}
