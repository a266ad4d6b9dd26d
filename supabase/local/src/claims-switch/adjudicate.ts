/**
 * The test claims switch's decision core: one NCPDP D.0 transaction, already read into typed fields, judged against
 * the payer sheets (payer-sheet.ts), the pharmacy's formulary and drug prices (looked up by the caller) and what the
 * switch has paid before (claim-history.ts). Pure: it reads the history and returns a decision whose `changes` the
 * caller applies (`history.apply(decision.changes)`), so a decision can be tested, logged or dropped.
 *
 * Transactions, and the order of the edits (a claim stops at the first stage that rejects; a stage lists all its
 * rejects, at most five as D.0 carries):
 *   E1  routing (01 BIN, 04 PCN, 05 pharmacy NPI, 15 date of service) → eligibility (07 cardholder, 08 person code,
 *       65 not on the card or not covered on the date, 06 group, 09 date of birth) → approved with the plan.
 *   B1  routing and the claim's fields (16 Rx number, 17 fill, 21 NDC, E7 quantity, 19 days supply, 23/DC/DQ/DU the
 *       submitted amounts, 34 clarification codes, 13 other coverage code, DV other payers' amounts) → eligibility →
 *       duplicate (the same fill paid: the same claim again is answered D with the first payment; a different one
 *       is 83) → coordination of benefits (41 when the member's plan pays second and the claim carries no other
 *       payer) → coverage (70 excluded or not covered) → benefit edits, all listed: 75 prior authorisation, 76 plan
 *       limits (days supply, quantity per days), 79 refill too soon (with the last fill's date and quantity), 88 DUR
 *       (therapeutic duplication TD, high dose HD) → priced and paid.
 *   B2  routing → the paid claim of that pharmacy, Rx, fill and date of service is reversed (A); one already reversed
 *       answers S (duplicate of approved); none is 87.
 *   B3  a B1 for a paid fill: the paid claim (same date of service) is reversed and the claim billed again, as one
 *       step — when the new claim is rejected the paid one stays paid (none paid: 87).
 * Overrides, as the standard carries them: a submission clarification code of the plan's list (e.g. 3 vacation
 * supply, 5 therapy change) lets a 79 through; a DUR/PPS entry naming the conflict's reason (TD/HD) with a
 * professional service code and an accepted result (e.g. 1G filled with prescriber approval) lets that 88 through; a
 * prior authorisation number on file for the member and drug on the date lets a 75, and a 76, through.
 *
 * Pricing (primary): the ingredient cost is the least of the submitted cost (basis 01), AWP − the plan's discount
 * (03) and the plan's MAC (07: its list, or NADAC), plus the plan's dispensing fee; when the U&C is lower, the U&C
 * is paid (04, no fee). The patient pays the copay of the drug's tier, never more than that total.
 * Secondary (the claim carries other payers' payments): the plan pays what is left of the patient's
 * responsibility — the last payer's patient responsibility when sent, else the gross amount due less what the
 * others paid — up to its own allowed amount less what the others paid; its own copay comes out of that.
 *
 * Units: money integer cents; quantities integer thousandths of the billing unit (442-E7 has 3 implied decimals:
 * 30 tablets is 30000); unit prices integer millicents (1/1000 cent); dates YYYY-MM-DD.
 */
import type { DurPps } from '../../../../shared/src/billing/claim.ts';
import { isCalendarDate } from '../../../../shared/src/common/field-rules.ts';
import { formatCents } from '../../../../shared/src/common/money.ts';
import type { InsuranceType } from '../../../../shared/src/drugs/formulary.ts';
import { isValidNpi } from '../../../../shared/src/prescribers/npi.ts';
import {
  type BasisOfReimbursement, type ClaimHistory, type ClaimKey, type HistoryChanges, type MemberKey, type PaidClaim, type PaidPricing,
} from './claim-history.ts';
import {
  DRUG_REFERENCE, type DrugReference, type FormularyTier, type PayerSheet, type PlanMember, SUBMISSION_CLARIFICATION_CODES, TEST_PAYER_SHEETS, payerSheetFor,
} from './payer-sheet.ts';

/** 511-FB Reject Codes the engine answers with. */
export const REJECT_CODES = {
  '01': 'M/I Bin Number',
  '04': 'M/I Processor Control Number',
  '05': 'M/I Pharmacy Number',
  '06': 'M/I Group ID',
  '07': 'M/I Cardholder ID',
  '08': 'M/I Person Code',
  '09': 'M/I Date Of Birth',
  '13': 'M/I Other Coverage Code',
  '15': 'M/I Date Of Service',
  '16': 'M/I Prescription/Service Reference Number',
  '17': 'M/I Fill Number',
  '19': 'M/I Days Supply',
  '21': 'M/I Product/Service ID',
  '23': 'M/I Ingredient Cost Submitted',
  '34': 'M/I Submission Clarification Code',
  '41': 'Submit Bill To Other Processor Or Primary Payer',
  '65': 'Patient Is Not Covered',
  '70': 'Product/Service Not Covered',
  '75': 'Prior Authorization Required',
  '76': 'Plan Limitations Exceeded',
  '79': 'Refill Too Soon',
  '83': 'Duplicate Paid/Captured Claim',
  '87': 'Reversal Not Processed',
  '88': 'DUR Reject Error',
  DC: 'M/I Dispensing Fee Submitted',
  DQ: 'M/I Usual And Customary Charge',
  DU: 'M/I Gross Amount Due',
  DV: 'M/I Other Payer Amount Paid',
  E7: 'M/I Quantity Dispensed',
} as const;
export type RejectCode = keyof typeof REJECT_CODES;

/** D.0 carries at most five reject codes in a response. */
export const MAX_REJECT_CODES = 5;
/** The largest amount a D.0 money field holds (s$$$$$$cc): $999,999.99. */
export const MAX_AMOUNT_CENTS = 99_999_999;
/** 442-E7 is 9(7)v999. */
export const MAX_QUANTITY_THOUSANDTHS = 9_999_999_999;
export const MAX_DAYS_SUPPLY = 999;

// ---------------------------------------------------------------------------------------------------- requests

interface Routing {
  /** 101-A1. */
  bin: string;
  /** 104-A4. */
  pcn?: string;
  /** 201-B1, the pharmacy's NPI. */
  serviceProviderId: string;
  /** 401-D1. */
  dateOfService: string;
}

interface Insured {
  /** 302-C2. */
  cardholderId: string;
  /** 303-C3. */
  personCode?: string;
  /** 301-C1. */
  groupId?: string;
  /** 304-C4. */
  dateOfBirth?: string;
}

export interface EligibilityRequest extends Routing, Insured {
  transactionCode: 'E1';
}

/** The pharmacy's amounts for the claim (409-D9, 412-DC, 426-DQ, 430-DU). */
export interface SubmittedAmounts {
  ingredientCostCents: number;
  dispensingFeeCents: number;
  usualAndCustomaryCents: number;
  grossAmountDueCents: number;
}

/** One other payer of a secondary claim (COB segment: 431-DV, 352-NQ, 472-6E). */
export interface OtherPayer {
  paidCents: number;
  patientResponsibilityCents?: number;
  rejectCodes?: readonly string[];
}

export interface BillingRequest extends Routing, Insured {
  transactionCode: 'B1' | 'B3';
  /** 402-D2, digits. */
  rxNumber: string;
  /** 403-D3, 0 the original, 1–99 refills. */
  fillNumber: number;
  /** 407-D7 (qualifier 03), 11 digits. */
  ndc11: string;
  quantityThousandths: number;
  /** 405-D5. */
  daysSupply: number;
  submitted: SubmittedAmounts;
  /** 420-DK, at most three. */
  submissionClarificationCodes?: readonly string[];
  /** 462-EV. */
  priorAuthorizationNumber?: string;
  /** The DUR/PPS segment's entries (439-E4, 440-E5, 441-E6). */
  durPps?: readonly DurPps[];
  /** 308-C8: 0 not specified, 1 no other coverage, 2 other coverage paid, 3 billed and not covered, 4 not collected, 8 patient responsibility only. */
  otherCoverageCode?: string;
  otherPayers?: readonly OtherPayer[];
}

export interface ReversalRequest extends Routing {
  transactionCode: 'B2';
  rxNumber: string;
  fillNumber: number;
  /** Checked against the paid claim when sent. */
  cardholderId?: string;
}

export type SwitchRequest = EligibilityRequest | BillingRequest | ReversalRequest;

// ---------------------------------------------------------------------------------------------------- context

/** How the pharmacy's formulary covers a drug for a payer type (a row of public.formulary_entries). */
export interface FormularyCoverage {
  covered: boolean;
  /** 1 (preferred generic) to 6. */
  tier: number;
  priorAuthorizationRequired: boolean;
  /** quantity_limit × 1000 per quantity_limit_days. */
  quantityLimit?: { quantityThousandths: number; days: number };
}

/** The pharmacy's formulary entry for the NDC's medication and the plan's insurance type; undefined when none. */
export type FormularyLookup = (ndc11: string, insuranceType: InsuranceType) => FormularyCoverage | undefined;

/** Unit prices of a product, in millicents per billing unit (AWP: awp_price / package_size; NADAC per unit). */
export interface DrugPrices {
  awpUnitMillicents?: number;
  nadacUnitMillicents?: number;
}

export type DrugPriceLookup = (ndc11: string) => DrugPrices | undefined;

export interface AdjudicationContext {
  history: ClaimHistory;
  formulary: FormularyLookup;
  drugPrices: DrugPriceLookup;
  /** The switch's own date: a later date of service is refused (15), and reversals are dated with it. */
  processedOn: string;
  /** TEST_PAYER_SHEETS when absent. */
  payers?: readonly PayerSheet[];
  /** DRUG_REFERENCE when absent. */
  drugReference?: Readonly<Record<string, DrugReference>>;
}

// ---------------------------------------------------------------------------------------------------- decisions

/** 439-E4 conflicts the engine finds: therapeutic duplication and high dose. */
export type DurConflict = 'TD' | 'HD';

/** A DUR response (AM24): 528-FS clinical significance 1 major, 2 moderate; 530-FU other pharmacy 1 yours, 3 other; 531-FV database 4 processor developed. */
export interface DurResponse {
  reasonForService: DurConflict;
  clinicalSignificance: '1' | '2';
  otherPharmacy?: '1' | '3';
  previousFillDate?: string;
  previousFillQuantityThousandths?: number;
  database: '4';
  freeText: string;
}

export interface PreviousFill {
  rxNumber: string;
  dateOfService: string;
  quantityThousandths: number;
  daysSupply: number;
  /** The first date the plan pays the refill. */
  nextFillDate: string;
}

export interface PlanInfo {
  payerName: string;
  bin: string;
  pcn: string;
  groupId?: string;
  insuranceType: InsuranceType;
  cardholderId: string;
  personCode: string;
  relationshipCode: PlanMember['relationshipCode'];
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  coveredFrom: string;
  coveredThrough?: string;
  /** The plan pays after this one. */
  primaryElsewhere?: { payerName: string; bin: string };
}

interface DecisionBase {
  transactionCode: SwitchRequest['transactionCode'];
  /** 504-F4, sentences for the pharmacy. */
  message: string;
  /** What the history must record; empty when nothing changes. */
  changes: HistoryChanges;
}

export interface PaidDecision extends DecisionBase {
  kind: 'paid';
  /** 112-AN. */
  responseStatus: 'P';
  authorizationNumber: string;
  pricing: PaidPricing;
  /** The rejects the claim's overrides let through (e.g. 79 with a vacation supply code). */
  overriddenRejectCodes: RejectCode[];
}

export interface DuplicateOfPaidDecision extends DecisionBase {
  kind: 'duplicate-of-paid';
  responseStatus: 'D';
  authorizationNumber: string;
  pricing: PaidPricing;
}

export interface RejectedDecision extends DecisionBase {
  kind: 'rejected';
  responseStatus: 'R';
  rejectCodes: RejectCode[];
  /** With a 79: the fill it is too soon after. */
  previousFill?: PreviousFill;
  /** With an 88: each conflict. */
  durResponses: DurResponse[];
}

export interface ReversedDecision extends DecisionBase {
  kind: 'reversed' | 'reversal-duplicate';
  /** A approved, S duplicate of approved (already reversed). */
  responseStatus: 'A' | 'S';
  /** The reversed claim's. */
  authorizationNumber: string;
}

export interface EligibleDecision extends DecisionBase {
  kind: 'eligible';
  responseStatus: 'A';
  plan: PlanInfo;
}

export type Decision = PaidDecision | DuplicateOfPaidDecision | RejectedDecision | ReversedDecision | EligibleDecision;

// ---------------------------------------------------------------------------------------------------- helpers

interface Reject {
  code: RejectCode;
  message: string;
}

function rejected(transactionCode: SwitchRequest['transactionCode'], rejects: readonly Reject[], extra: Partial<Pick<RejectedDecision, 'previousFill' | 'durResponses'>> = {}): RejectedDecision {
  const kept = rejects.slice(0, MAX_REJECT_CODES);
  return {
    kind: 'rejected',
    responseStatus: 'R',
    transactionCode,
    rejectCodes: kept.map((reject) => reject.code),
    message: kept.map((reject) => reject.message).join(' '),
    durResponses: extra.durResponses ?? [],
    ...(extra.previousFill ? { previousFill: extra.previousFill } : {}),
    changes: {},
  };
}

function dayNumber(isoDate: string): number {
  return Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / 86_400_000;
}

export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * 86_400_000).toISOString().slice(0, 10);
}

function isDigits(text: string, min: number, max: number): boolean {
  return text.length >= min && text.length <= max && /^\d+$/.test(text);
}

function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

function quantityText(thousandths: number): string {
  const whole = Math.trunc(thousandths / 1000);
  const fraction = String(thousandths % 1000).padStart(3, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** The labeler and product of an NDC (its first 9 digits): the same drug whatever the package. */
function productOf(ndc11: string): string {
  return ndc11.slice(0, 9);
}

/** Cents for `quantity` units at `unitMillicents`, less `discountBasisPoints`, rounded half up; exact in BigInt. */
export function costCents(unitMillicents: number, quantityThousandths: number, discountBasisPoints = 0): number {
  const numerator = BigInt(unitMillicents) * BigInt(quantityThousandths) * BigInt(10_000 - discountBasisPoints);
  // thousandths of a unit × millicents per cent × basis points
  const denominator = 1_000n * 1_000n * 10_000n;
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

function checkedUnitPrice(value: number | undefined, what: string, ndc11: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`The ${what} of ${ndc11} must be whole millicents from 0; got ${value}.`);
  return value;
}

// ---------------------------------------------------------------------------------------------------- routing and eligibility

function routingRejects(request: SwitchRequest, sheet: PayerSheet | undefined, processedOn: string): Reject[] {
  const rejects: Reject[] = [];
  if (!sheet) {
    rejects.push({ code: '01', message: isDigits(request.bin, 6, 6) ? `BIN ${request.bin} is not a plan this test switch answers for (its BINs are 999001 to 999003).` : `The BIN must be 6 digits; got "${request.bin}".` });
  } else if ((request.pcn ?? '').trim().toUpperCase() !== sheet.pcn) {
    rejects.push({ code: '04', message: request.pcn ? `PCN ${request.pcn} is not ${sheet.name}'s; it is ${sheet.pcn}.` : `${sheet.name} needs its PCN (${sheet.pcn}).` });
  }
  if (!isValidNpi(request.serviceProviderId)) rejects.push({ code: '05', message: `The pharmacy's NPI "${request.serviceProviderId}" is not a valid NPI.` });
  if (!isCalendarDate(request.dateOfService)) rejects.push({ code: '15', message: `The date of service "${request.dateOfService}" is not a date.` });
  else if (request.dateOfService > processedOn) rejects.push({ code: '15', message: `The date of service ${request.dateOfService} is in the future.` });
  return rejects;
}

/** The member the claim is for, or the rejects saying why there is none on the date. */
function eligibility(request: EligibilityRequest | BillingRequest, sheet: PayerSheet): { member: PlanMember } | { rejects: Reject[] } {
  const cardholderId = request.cardholderId.trim().toUpperCase();
  if (cardholderId === '') return { rejects: [{ code: '07', message: 'The cardholder ID is missing.' }] };
  const onCard = sheet.members.filter((member) => member.cardholderId === cardholderId);
  if (onCard.length === 0) return { rejects: [{ code: '07', message: `No member of ${sheet.name} has cardholder ID ${cardholderId}.` }] };
  const personCode = (request.personCode ?? '').trim();
  if (personCode === '') return { rejects: [{ code: '08', message: `${sheet.name} needs the person code (001 the cardholder, 002 a spouse, 003… dependants).` }] };
  const member = onCard.find((candidate) => candidate.personCode === personCode);
  if (!member) return { rejects: [{ code: '65', message: `No one with person code ${personCode} is covered on card ${cardholderId}.` }] };
  const rejects: Reject[] = [];
  if (sheet.groups.length > 0 && (request.groupId ?? '').trim().toUpperCase() !== member.groupId) {
    rejects.push({ code: '06', message: request.groupId ? `Group ${request.groupId} is not this member's group; it is ${member.groupId}.` : `${sheet.name} needs the group ID (${member.groupId}).` });
  }
  if (request.dateOfBirth !== member.dateOfBirth) {
    rejects.push({ code: '09', message: request.dateOfBirth ? `The date of birth ${request.dateOfBirth} is not the member's.` : 'The patient\'s date of birth is missing.' });
  }
  if (request.dateOfService < member.coveredFrom) {
    rejects.push({ code: '65', message: `${member.firstName} ${member.lastName}'s coverage begins ${member.coveredFrom}, after the date of service.` });
  } else if (member.coveredThrough !== undefined && request.dateOfService > member.coveredThrough) {
    rejects.push({ code: '65', message: `${member.firstName} ${member.lastName}'s coverage ended ${member.coveredThrough}.` });
  }
  return rejects.length > 0 ? { rejects } : { member };
}

function planInfo(sheet: PayerSheet, member: PlanMember): PlanInfo {
  return {
    payerName: sheet.name,
    bin: sheet.bin,
    pcn: sheet.pcn,
    ...(member.groupId === undefined ? {} : { groupId: member.groupId }),
    insuranceType: sheet.insuranceType,
    cardholderId: member.cardholderId,
    personCode: member.personCode,
    relationshipCode: member.relationshipCode,
    firstName: member.firstName,
    lastName: member.lastName,
    dateOfBirth: member.dateOfBirth,
    coveredFrom: member.coveredFrom,
    ...(member.coveredThrough === undefined ? {} : { coveredThrough: member.coveredThrough }),
    ...(member.primaryElsewhere === undefined ? {} : { primaryElsewhere: member.primaryElsewhere }),
  };
}

// ---------------------------------------------------------------------------------------------------- claim fields

const OTHER_COVERAGE_CODES = new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8']);

function claimFieldRejects(claim: BillingRequest): Reject[] {
  const rejects: Reject[] = [];
  if (!isDigits(claim.rxNumber, 1, 12)) rejects.push({ code: '16', message: `The Rx number "${claim.rxNumber}" must be 1 to 12 digits.` });
  if (!isWholeNumber(claim.fillNumber, 0, 99)) rejects.push({ code: '17', message: `The fill number must be from 0 to 99; got ${claim.fillNumber}.` });
  if (!isDigits(claim.ndc11, 11, 11)) rejects.push({ code: '21', message: `The product must be an 11-digit NDC; got "${claim.ndc11}".` });
  if (!isWholeNumber(claim.quantityThousandths, 1, MAX_QUANTITY_THOUSANDTHS)) rejects.push({ code: 'E7', message: 'The quantity dispensed must be more than 0 (in thousandths, at most 9,999,999.999).' });
  if (!isWholeNumber(claim.daysSupply, 1, MAX_DAYS_SUPPLY)) rejects.push({ code: '19', message: `The days supply must be from 1 to ${MAX_DAYS_SUPPLY}; got ${claim.daysSupply}.` });
  const amounts: [RejectCode, number, string][] = [
    ['23', claim.submitted.ingredientCostCents, 'ingredient cost submitted'],
    ['DC', claim.submitted.dispensingFeeCents, 'dispensing fee submitted'],
    ['DQ', claim.submitted.usualAndCustomaryCents, 'usual and customary charge'],
    ['DU', claim.submitted.grossAmountDueCents, 'gross amount due'],
  ];
  for (const [code, cents, what] of amounts) {
    if (!isWholeNumber(cents, 0, MAX_AMOUNT_CENTS)) rejects.push({ code, message: `The ${what} must be whole cents from $0.00 to $999,999.99.` });
  }
  const codes = claim.submissionClarificationCodes ?? [];
  if (codes.length > 3 || codes.some((code) => !isDigits(code, 1, 2))) {
    rejects.push({ code: '34', message: 'Submission clarification codes are 1 or 2 digits, at most 3 of them.' });
  }
  if (claim.otherCoverageCode !== undefined && !OTHER_COVERAGE_CODES.has(claim.otherCoverageCode)) {
    rejects.push({ code: '13', message: `Other coverage code "${claim.otherCoverageCode}" is not one of 0 to 8.` });
  }
  const others = claim.otherPayers ?? [];
  const badOther = others.length > 9 || others.some((other) => !isWholeNumber(other.paidCents, 0, MAX_AMOUNT_CENTS)
    || (other.patientResponsibilityCents !== undefined && !isWholeNumber(other.patientResponsibilityCents, 0, MAX_AMOUNT_CENTS)));
  if (badOther) rejects.push({ code: 'DV', message: 'Other payers\' amounts must be whole cents from $0.00 to $999,999.99, for at most 9 other payers.' });
  return rejects;
}

// ---------------------------------------------------------------------------------------------------- coordination of benefits

type Coordination = { kind: 'primary' } | { kind: 'secondary'; otherPaidCents: number; responsibilityCents: number };

function coordination(claim: BillingRequest, sheet: PayerSheet, member: PlanMember): Coordination | { rejects: Reject[] } {
  const code = claim.otherCoverageCode ?? '0';
  const others = claim.otherPayers ?? [];
  if (code === '3') return { kind: 'primary' }; // the other plan was billed and does not cover it
  const secondary = others.length > 0 || code === '2' || code === '4' || code === '8';
  if (!secondary) {
    if (!member.primaryElsewhere) return { kind: 'primary' };
    const primary = member.primaryElsewhere;
    return { rejects: [{ code: '41', message: `Bill ${primary.payerName} (BIN ${primary.bin}) first: ${sheet.name} pays after it. Send this claim with the other payer's amounts (COB).` }] };
  }
  const last = others[others.length - 1];
  if ((code === '2' && others.length === 0) || (code === '8' && last?.patientResponsibilityCents === undefined)) {
    return { rejects: [{ code: 'DV', message: code === '2' ? 'Other coverage code 2 says another plan paid: send what it paid (other payer amount paid).' : 'Other coverage code 8 bills the patient\'s share: send the other payer\'s patient responsibility amount.' }] };
  }
  const otherPaidCents = others.reduce((total, other) => total + other.paidCents, 0);
  const responsibilityCents = last?.patientResponsibilityCents ?? Math.max(0, claim.submitted.grossAmountDueCents - otherPaidCents);
  return { kind: 'secondary', otherPaidCents, responsibilityCents };
}

// ---------------------------------------------------------------------------------------------------- pricing

export interface AllowedAmount {
  ingredientCostCents: number;
  dispensingFeeCents: number;
  basisOfReimbursement: BasisOfReimbursement;
}

/** The plan's allowed amount: the lesser of the submitted cost, AWP − x%, MAC (each + the fee) and the U&C. */
export function allowedAmount(sheet: PayerSheet, claim: Pick<BillingRequest, 'ndc11' | 'quantityThousandths' | 'submitted'>, prices: DrugPrices | undefined): AllowedAmount {
  const { pricing } = sheet;
  const awp = checkedUnitPrice(prices?.awpUnitMillicents, 'AWP per unit', claim.ndc11);
  const nadac = checkedUnitPrice(prices?.nadacUnitMillicents, 'NADAC per unit', claim.ndc11);
  const mac = pricing.macSource === 'nadac' ? nadac : pricing.macList[claim.ndc11];
  // On a tie the earlier candidate is named: paid as submitted before a reduction.
  let best: { cents: number; basis: BasisOfReimbursement } = { cents: claim.submitted.ingredientCostCents, basis: '01' };
  if (awp !== undefined) {
    const cents = costCents(awp, claim.quantityThousandths, pricing.awpDiscountBasisPoints);
    if (cents < best.cents) best = { cents, basis: '03' };
  }
  if (mac !== undefined) {
    const cents = costCents(mac, claim.quantityThousandths);
    if (cents < best.cents) best = { cents, basis: '07' };
  }
  if (claim.submitted.usualAndCustomaryCents < best.cents + pricing.dispensingFeeCents) {
    return { ingredientCostCents: claim.submitted.usualAndCustomaryCents, dispensingFeeCents: 0, basisOfReimbursement: '04' };
  }
  return { ingredientCostCents: best.cents, dispensingFeeCents: pricing.dispensingFeeCents, basisOfReimbursement: best.basis };
}

/** What the plan and the patient pay: primary, the allowed amount less the copay; secondary, see the module comment. */
export function paidPricing(allowed: AllowedAmount, copayCents: number, coordinated: Coordination): PaidPricing {
  const allowedCents = allowed.ingredientCostCents + allowed.dispensingFeeCents;
  const common = { ingredientCostPaidCents: allowed.ingredientCostCents, dispensingFeePaidCents: allowed.dispensingFeeCents, basisOfReimbursement: allowed.basisOfReimbursement };
  if (coordinated.kind === 'primary') {
    const patientPayCents = Math.min(copayCents, allowedCents);
    return { ...common, patientPayCents, totalPaidCents: allowedCents - patientPayCents };
  }
  const remaining = Math.max(0, Math.min(coordinated.responsibilityCents, allowedCents - coordinated.otherPaidCents));
  const patientPayCents = Math.min(copayCents, remaining);
  return { ...common, patientPayCents, totalPaidCents: remaining - patientPayCents, otherPayerAmountRecognizedCents: coordinated.otherPaidCents };
}

// ---------------------------------------------------------------------------------------------------- benefit edits

interface Coverage {
  tier: FormularyTier;
  priorAuthorizationRequired: boolean;
  quantityLimit?: { quantityThousandths: number; days: number };
}

function coverageOf(claim: BillingRequest, sheet: PayerSheet, context: AdjudicationContext): Coverage | { rejects: Reject[] } {
  const excluded = sheet.excludedProducts.find((product) => product.ndc11 === claim.ndc11);
  if (excluded) return { rejects: [{ code: '70', message: `${excluded.reason}.` }] };
  const entry = context.formulary(claim.ndc11, sheet.insuranceType);
  if (entry) {
    if (!entry.covered) return { rejects: [{ code: '70', message: `NDC ${claim.ndc11} is not on ${sheet.name}'s formulary.` }] };
    if (!isWholeNumber(entry.tier, 1, 6)) throw new TypeError(`The formulary tier of ${claim.ndc11} must be 1 to 6; got ${entry.tier}.`);
    return {
      tier: entry.tier as FormularyTier,
      priorAuthorizationRequired: entry.priorAuthorizationRequired || sheet.priorAuthorizationRequired.includes(claim.ndc11),
      ...(entry.quantityLimit ? { quantityLimit: entry.quantityLimit } : {}),
    };
  }
  if (!sheet.unlistedDrugs.covered) return { rejects: [{ code: '70', message: `NDC ${claim.ndc11} is not on ${sheet.name}'s formulary.` }] };
  return { tier: sheet.unlistedDrugs.tier, priorAuthorizationRequired: sheet.priorAuthorizationRequired.includes(claim.ndc11) };
}

function priorAuthorizationOnFile(claim: BillingRequest, sheet: PayerSheet, member: PlanMember): boolean {
  const number = claim.priorAuthorizationNumber?.trim();
  if (!number) return false;
  return sheet.priorAuthorizations.some((authorization) => authorization.number === number && authorization.cardholderId === member.cardholderId
    && authorization.personCode === member.personCode && authorization.ndc11 === claim.ndc11
    && authorization.effective <= claim.dateOfService && claim.dateOfService <= authorization.expires);
}

function limitRejects(claim: BillingRequest, sheet: PayerSheet, coverage: Coverage): Reject[] {
  const rejects: Reject[] = [];
  if (claim.daysSupply > sheet.maxDaysSupply) {
    rejects.push({ code: '76', message: `${sheet.name} pays at most a ${sheet.maxDaysSupply}-day supply per fill; this claim is for ${claim.daysSupply} days.` });
  }
  const limit = coverage.quantityLimit;
  // Units per days as a rate: the quantity may not exceed the limit's share of the days supplied.
  if (limit && claim.quantityThousandths * limit.days > limit.quantityThousandths * claim.daysSupply) {
    rejects.push({
      code: '76',
      message: `The plan limits this drug to ${quantityText(limit.quantityThousandths)} per ${limit.days} days; ${quantityText(claim.quantityThousandths)} for ${claim.daysSupply} days is more.`,
    });
  }
  return rejects;
}

/** The member's standing claims, without the fill itself (a B3 replaces it). */
function otherFillsOf(member: MemberKey, key: ClaimKey, history: ClaimHistory): PaidClaim[] {
  return history.paidClaimsOf(member).filter((fill) => !(fill.serviceProviderId === key.serviceProviderId && fill.rxNumber === key.rxNumber && fill.fillNumber === key.fillNumber && fill.pcn === key.pcn));
}

function refillTooSoon(claim: BillingRequest, sheet: PayerSheet, fills: readonly PaidClaim[]): PreviousFill | undefined {
  const previous = fills.find((fill) => fill.dateOfService <= claim.dateOfService && (fill.rxNumber === claim.rxNumber || productOf(fill.ndc11) === productOf(claim.ndc11)));
  if (!previous) return undefined;
  // 75% of a 30-day supply is 22.5 days: the refill is paid from day 23.
  const waitDays = Math.ceil((previous.daysSupply * sheet.refillTooSoonPercent) / 100);
  const nextFillDate = addDays(previous.dateOfService, waitDays);
  if (claim.dateOfService >= nextFillDate) return undefined;
  return { rxNumber: previous.rxNumber, dateOfService: previous.dateOfService, quantityThousandths: previous.quantityThousandths, daysSupply: previous.daysSupply, nextFillDate };
}

function durConflicts(claim: BillingRequest, fills: readonly PaidClaim[], reference: Readonly<Record<string, DrugReference>>): DurResponse[] {
  const drug = reference[claim.ndc11];
  if (!drug) return [];
  const conflicts: DurResponse[] = [];
  const duplicate = fills.find((fill) => {
    const other = reference[fill.ndc11];
    return other?.therapeuticClass === drug.therapeuticClass && fill.rxNumber !== claim.rxNumber && productOf(fill.ndc11) !== productOf(claim.ndc11)
      && fill.dateOfService <= claim.dateOfService && claim.dateOfService < addDays(fill.dateOfService, fill.daysSupply);
  });
  if (duplicate) {
    conflicts.push({
      reasonForService: 'TD',
      clinicalSignificance: '2',
      otherPharmacy: duplicate.serviceProviderId === claim.serviceProviderId ? '1' : '3',
      previousFillDate: duplicate.dateOfService,
      previousFillQuantityThousandths: duplicate.quantityThousandths,
      database: '4',
      freeText: `${drug.therapeuticClass}: ${reference[duplicate.ndc11]!.name} filled ${duplicate.dateOfService}`.slice(0, 30),
    });
  }
  if (claim.quantityThousandths > drug.maxDailyQuantityThousandths * claim.daysSupply) {
    conflicts.push({
      reasonForService: 'HD',
      clinicalSignificance: '1',
      database: '4',
      freeText: `Max ${quantityText(drug.maxDailyQuantityThousandths)} per day`,
    });
  }
  return conflicts;
}

function durOverridden(conflict: DurConflict, claim: BillingRequest, sheet: PayerSheet): boolean {
  return (claim.durPps ?? []).some((entry) => entry.reasonForService === conflict && entry.professionalService !== undefined
    && entry.result !== undefined && sheet.durOverrideResultCodes.includes(entry.result));
}

// ---------------------------------------------------------------------------------------------------- transactions

function eligibilityDecision(request: EligibilityRequest, sheet: PayerSheet): Decision {
  const found = eligibility(request, sheet);
  if ('rejects' in found) return rejected('E1', found.rejects);
  const plan = planInfo(sheet, found.member);
  const after = plan.primaryElsewhere ? ` It pays after ${plan.primaryElsewhere.payerName} (BIN ${plan.primaryElsewhere.bin}).` : '';
  return { kind: 'eligible', responseStatus: 'A', transactionCode: 'E1', plan, message: `${plan.firstName} ${plan.lastName} is covered by ${sheet.name} on ${request.dateOfService}.${after}`, changes: {} };
}

function keyOf(request: BillingRequest | ReversalRequest, sheet: PayerSheet): ClaimKey {
  return { bin: sheet.bin, pcn: sheet.pcn, serviceProviderId: request.serviceProviderId, rxNumber: request.rxNumber, fillNumber: request.fillNumber };
}

function reversalDecision(request: ReversalRequest, sheet: PayerSheet, context: AdjudicationContext): Decision {
  const key = keyOf(request, sheet);
  const latest = context.history.latest(key);
  const what = `Rx ${request.rxNumber} fill ${request.fillNumber} on ${request.dateOfService}`;
  if (!latest || latest.dateOfService !== request.dateOfService) {
    return rejected('B2', [{ code: '87', message: `${sheet.name} has no paid claim for ${what} from this pharmacy.` }]);
  }
  if (request.cardholderId !== undefined && request.cardholderId.trim().toUpperCase() !== latest.cardholderId) {
    return rejected('B2', [{ code: '87', message: `The paid claim for ${what} is not for cardholder ${request.cardholderId}.` }]);
  }
  if (latest.reversedOn !== undefined) {
    return { kind: 'reversal-duplicate', responseStatus: 'S', transactionCode: 'B2', authorizationNumber: latest.authorizationNumber, message: `The claim for ${what} was already reversed on ${latest.reversedOn}.`, changes: {} };
  }
  return {
    kind: 'reversed',
    responseStatus: 'A',
    transactionCode: 'B2',
    authorizationNumber: latest.authorizationNumber,
    message: `Reversed: the claim for ${what} (${latest.authorizationNumber}, ${formatCents(latest.pricing.totalPaidCents)} paid) is taken back.`,
    changes: { reverse: { authorizationNumber: latest.authorizationNumber, on: context.processedOn } },
  };
}

function overrideReason(reject: RejectCode, claim: BillingRequest): string {
  if (reject === '75' || reject === '76') return `prior authorisation ${claim.priorAuthorizationNumber ?? ''}`.trim();
  if (reject === '88') return 'DUR/PPS codes';
  const codes = (claim.submissionClarificationCodes ?? []).map((code) => SUBMISSION_CLARIFICATION_CODES[code] ?? `clarification code ${code}`);
  return codes.join(', ').toLowerCase();
}

function sameClaim(paid: PaidClaim, claim: BillingRequest): boolean {
  return paid.dateOfService === claim.dateOfService && paid.ndc11 === claim.ndc11 && paid.quantityThousandths === claim.quantityThousandths
    && paid.daysSupply === claim.daysSupply && paid.cardholderId === claim.cardholderId.trim().toUpperCase() && paid.personCode === (claim.personCode ?? '').trim();
}

function billingDecision(claim: BillingRequest, sheet: PayerSheet, context: AdjudicationContext): Decision {
  const code = claim.transactionCode;
  const fieldRejects = claimFieldRejects(claim);
  if (fieldRejects.length > 0) return rejected(code, fieldRejects);
  const found = eligibility(claim, sheet);
  if ('rejects' in found) return rejected(code, found.rejects);
  const { member } = found;
  const key = keyOf(claim, sheet);
  const paid = context.history.paid(key);
  let replacing: PaidClaim | undefined;
  if (code === 'B3') {
    if (!paid || paid.dateOfService !== claim.dateOfService) {
      return rejected(code, [{ code: '87', message: `${sheet.name} has no paid claim for Rx ${claim.rxNumber} fill ${claim.fillNumber} on ${claim.dateOfService} to rebill.` }]);
    }
    replacing = paid;
  } else if (paid) {
    if (sameClaim(paid, claim)) {
      return { kind: 'duplicate-of-paid', responseStatus: 'D', transactionCode: code, authorizationNumber: paid.authorizationNumber, pricing: paid.pricing, message: `Duplicate of the claim paid on ${paid.paidOn} (${paid.authorizationNumber}).`, changes: {} };
    }
    return rejected(code, [{ code: '83', message: `Rx ${claim.rxNumber} fill ${claim.fillNumber} was already paid for ${paid.dateOfService} (${paid.authorizationNumber}); reverse it before billing it again, or rebill it (B3).` }]);
  }

  const coordinated = coordination(claim, sheet, member);
  if ('rejects' in coordinated) return rejected(code, coordinated.rejects);
  const coverage = coverageOf(claim, sheet, context);
  if ('rejects' in coverage) return rejected(code, coverage.rejects);

  const rejects: Reject[] = [];
  const overridden: RejectCode[] = [];
  const authorized = priorAuthorizationOnFile(claim, sheet, member);
  if (coverage.priorAuthorizationRequired) {
    if (authorized) overridden.push('75');
    else rejects.push({ code: '75', message: claim.priorAuthorizationNumber ? `Prior authorisation ${claim.priorAuthorizationNumber} is not on file for this patient and drug on ${claim.dateOfService}.` : `${sheet.name} requires prior authorisation for NDC ${claim.ndc11}.` });
  }
  const limits = limitRejects(claim, sheet, coverage);
  if (limits.length > 0) {
    if (authorized) overridden.push('76');
    else rejects.push(...limits);
  }
  const fills = otherFillsOf({ bin: sheet.bin, cardholderId: member.cardholderId, personCode: member.personCode }, key, context.history);
  const previousFill = refillTooSoon(claim, sheet, fills);
  if (previousFill) {
    const override = (claim.submissionClarificationCodes ?? []).find((scc) => sheet.refillTooSoonOverrideCodes.includes(scc));
    if (override) overridden.push('79');
    else {
      rejects.push({
        code: '79',
        message: `Refill too soon: last filled ${previousFill.dateOfService} (${quantityText(previousFill.quantityThousandths)} for ${previousFill.daysSupply} days); ${sheet.name} pays from ${previousFill.nextFillDate}.`,
      });
    }
  }
  const conflicts = durConflicts(claim, fills, context.drugReference ?? DRUG_REFERENCE);
  const standing = conflicts.filter((conflict) => !durOverridden(conflict.reasonForService, claim, sheet));
  if (conflicts.length > standing.length) overridden.push('88');
  if (standing.length > 0) {
    const said = standing.map((conflict) => (conflict.reasonForService === 'TD' ? `therapeutic duplication with a fill of ${conflict.previousFillDate}` : 'high dose')).join(' and ');
    rejects.push({ code: '88', message: `DUR: ${said}. Send the DUR/PPS codes (reason, professional service, result) to override.` });
  }
  if (rejects.length > 0) {
    return rejected(code, rejects, { ...(previousFill && rejects.some((reject) => reject.code === '79') ? { previousFill } : {}), durResponses: standing });
  }

  const pricing = paidPricing(allowedAmount(sheet, claim, context.drugPrices(claim.ndc11)), sheet.pricing.copayCentsByTier[coverage.tier], coordinated);
  const authorizationNumber = context.history.nextAuthorizationNumber(sheet.bin);
  const record: PaidClaim = {
    ...key,
    cardholderId: member.cardholderId,
    personCode: member.personCode,
    authorizationNumber,
    patientFirstName: member.firstName,
    patientLastName: member.lastName,
    dateOfService: claim.dateOfService,
    ndc11: claim.ndc11,
    quantityThousandths: claim.quantityThousandths,
    daysSupply: claim.daysSupply,
    grossAmountDueCents: claim.submitted.grossAmountDueCents,
    coordination: coordinated.kind,
    pricing,
    paidOn: context.processedOn,
  };
  const overrides = overridden.length > 0 ? ` Overrides accepted: ${overridden.map((reject) => `${reject} (${overrideReason(reject, claim)})`).join(', ')}.` : '';
  return {
    kind: 'paid',
    responseStatus: 'P',
    transactionCode: code,
    authorizationNumber,
    pricing,
    overriddenRejectCodes: overridden,
    message: `Paid by ${sheet.name}: ${formatCents(pricing.totalPaidCents)}; the patient pays ${formatCents(pricing.patientPayCents)} (tier ${coverage.tier}).${overrides}`,
    changes: { record, ...(replacing ? { reverse: { authorizationNumber: replacing.authorizationNumber, on: context.processedOn } } : {}) },
  };
}

/** Judges one transaction; never throws on a request's content (a malformed one is rejected with its M/I codes). */
export function adjudicate(request: SwitchRequest, context: AdjudicationContext): Decision {
  const sheet = payerSheetFor(request.bin, context.payers ?? TEST_PAYER_SHEETS);
  const routing = routingRejects(request, sheet, context.processedOn);
  if (routing.length > 0 || !sheet) return rejected(request.transactionCode, routing);
  switch (request.transactionCode) {
    case 'E1':
      return eligibilityDecision(request, sheet);
    case 'B2':
      return reversalDecision(request, sheet, context);
    case 'B1':
    case 'B3':
      return billingDecision(request, sheet, context);
  }
}
