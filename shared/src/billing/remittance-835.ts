/**
 * The X12 835 Health Care Claim Payment/Advice (005010X221A1): a payer's remittance, read so the pharmacy can
 * reconcile its claims, and built (`build835`) by the test claims switch and the tests. One 835 transaction set is
 * one payment; the framing (ISA/GS/ST, trailers, delimiters, 2 MB and 20,000 segments) is the X12 module's
 * (shared/src/inventory/x12/envelope.ts), its values read digit by digit (money to integer cents, never floats).
 *
 *   BPR*{handling}*{amount}*{C|D}*{ACH|BOP|CHK|FWT|NON}*{CCP|CTX}*{01}*{payer DFI}*DA*{payer account}*{originator}*
 *       *{01}*{payee DFI}*{DA|SG}*{payee account}*{payment date}
 *   TRN*1*{check or EFT trace number}*{originating company id}
 *   DTM*405*{production date}                                                optional
 *   N1*PR*{payer}    N3, N4, REF*2U payer id                                   loop 1000A
 *   N1*PE*{payee}*XX*{NPI}    N3, N4, REF*TJ tax id, REF*D3 NCPDP pharmacy id   loop 1000B
 *   LX*{header number}                                                        loop 2000
 *     CLP*{patient control number}*{status}*{charge}*{paid}*{patient responsibility}*{filing indicator}*{payer claim
 *         control number}                                                     loop 2100
 *     CAS*{CO|OA|PI|PR}*{reason}*{amount}*{quantity}…   up to 6 reason/amount/quantity triplets
 *     NM1*QC*1*{last}*{first}****MI*{member id}     DTM*050 received, DTM*232/233 statement period
 *       SVC*N4:{NDC}*{charge}*{paid}**{units paid}                              loop 2110
 *       DTM*472 service date, CAS, REF*6R line control number, AMT*B6 allowed
 *   PLB*{provider id}*{fiscal period end}*{reason}:{reference}*{amount}…     up to 6 pairs; positive is taken back
 *
 * The pharmacy sends "{Rx number}-{fill number}" as the patient control number (CLP01, e.g. "1000123-02"), so a
 * claim carries them back parsed. The guide's balancing rules (claim: charge − paid = its adjustments; line: the
 * same; claim paid = its lines' paid; payment = claims paid − provider adjustments) are checked and each failure is
 * listed in `balanceProblems` rather than refusing the remittance: the money is what the payer sent, and the person
 * reconciling needs to see it. A set that cannot be read is `{ kind: 'invalid', error }`, the others still read.
 * Segments the reconciliation does not use (CUR, REF*EV, PER, TS3, MIA, MOA, QTY, LQ…) are read past.
 */
import {
  type GroupDraft, type InterchangeHeader, type ParsedTransactionSet, type TransactionSetDraft, type X12Delimiters, type X12Party,
  type X12Segment, X12_DELIMITERS, buildInterchange, elementOf, parseEnvelope,
} from '../inventory/x12/envelope.ts';
import { TransactionSetError, bodyOf, invalid, optionalElement, required, requiredElement } from '../inventory/x12/transaction-set.ts';
import { formatCents } from '../common/money.ts';
import { X12BuildError, type X12Value, formatX12Date, parseMoneyCents, parseNdcN4, parseX12Date, x12Identifier, x12Text } from '../inventory/x12/x12-values.ts';

/** GS08 (and ST03) of the 835 guide we read and write; the guide before its addenda (005010X221) reads the same. */
export const REMITTANCE_VERSION = '005010X221A1';
const ACCEPTED_VERSIONS = new Set(['005010X221A1', '005010X221']);

/** BPR01 Transaction Handling Code. */
export const HANDLING_CODES = {
  C: 'Payment accompanies remittance advice',
  D: 'Make payment only',
  H: 'Notification only',
  I: 'Remittance information only',
  P: 'Prenotification of future transfers',
  U: 'Split payment and remittance',
  X: 'Handling party’s option to split payment and remittance',
} as const;
export type HandlingCode = keyof typeof HANDLING_CODES;

/** BPR04 Payment Method Code. */
export const PAYMENT_METHODS = {
  ACH: 'Automated Clearing House (ACH)',
  BOP: 'Financial institution option',
  CHK: 'Check',
  FWT: 'Federal Reserve funds/wire transfer',
  NON: 'Non-payment data',
} as const;
export type RemittancePaymentMethod = keyof typeof PAYMENT_METHODS;

/** CLP02 Claim Status Code, as the 005010X221A1 guide lists them. */
export const CLAIM_STATUS_CODES = {
  '1': 'Processed as primary',
  '2': 'Processed as secondary',
  '3': 'Processed as tertiary',
  '4': 'Denied',
  '19': 'Processed as primary, forwarded to additional payer(s)',
  '20': 'Processed as secondary, forwarded to additional payer(s)',
  '21': 'Processed as tertiary, forwarded to additional payer(s)',
  '22': 'Reversal of previous payment',
  '23': 'Not our claim, forwarded to additional payer(s)',
  '25': 'Predetermination pricing only - no payment',
} as const;
export type ClaimStatusCode = keyof typeof CLAIM_STATUS_CODES;

/** CAS01 Claim Adjustment Group Code. */
export const ADJUSTMENT_GROUPS = {
  CO: 'Contractual obligations',
  OA: 'Other adjustments',
  PI: 'Payor initiated reductions',
  PR: 'Patient responsibility',
} as const;
export type AdjustmentGroup = keyof typeof ADJUSTMENT_GROUPS;

/** The most reason/amount/quantity triplets in one CAS, and reason/amount pairs in one PLB. */
export const CAS_MAX_ADJUSTMENTS = 6;
export const PLB_MAX_ADJUSTMENTS = 6;

export interface BankAccount {
  /** BPR06/BPR12: 01 ABA transit routing number, 04 Canadian bank branch and institution number. */
  dfiQualifier: string;
  dfiNumber: string;
  /** BPR08/BPR14: DA demand deposit, SG savings. */
  accountQualifier: string;
  accountNumber: string;
}

export interface RemittancePayment {
  handlingCode: HandlingCode;
  /** BPR02, the total actual provider payment; never negative (a debit says D in `creditDebit`). */
  amountCents: number;
  /** BPR03: C credit to the payee, D debit. */
  creditDebit: 'C' | 'D';
  method: RemittancePaymentMethod;
  /** BPR05 for ACH: CCP (cash concentration/disbursement plus addenda) or CTX. */
  format?: string;
  /** BPR06–BPR09, the payer's bank and account. */
  payerAccount?: BankAccount;
  /** BPR10, the payer's originating company identifier ("1" + its tax id). */
  originatingCompanyId?: string;
  /** BPR12–BPR15, the payee's bank and account. */
  payeeAccount?: BankAccount;
  /** BPR16: the check issue date or the EFT effective date (YYYY-MM-DD). */
  date: string;
}

export interface RemittanceTrace {
  /** TRN01: 1 current transaction trace numbers. */
  typeCode: string;
  /** TRN02: the check number or the EFT trace number — what the bank deposit carries. */
  traceNumber: string;
  /** TRN03: the payer's originating company id. */
  originatorId: string;
  /** TRN04. */
  originatorSupplementalCode?: string;
}

export interface RemittanceAddress {
  /** N301, N302. */
  lines: string[];
  city: string;
  state?: string;
  postalCode?: string;
}

export interface RemittancePayer {
  name: string;
  /** N103/N104 (XV CMS plan id), when sent. */
  identifierQualifier?: string;
  identifier?: string;
  /** REF*2U: the payer identification number. */
  payerId?: string;
  address?: RemittanceAddress;
}

export interface RemittancePayee {
  name: string;
  /** N104 with N103 XX. */
  npi?: string;
  /** N104 with N103 FI, or REF*TJ. */
  taxId?: string;
  /** REF*D3: the NCPDP (NABP) pharmacy number. */
  ncpdpId?: string;
  address?: RemittanceAddress;
}

export interface ClaimAdjustment {
  group: AdjustmentGroup;
  /** A Claim Adjustment Reason Code, e.g. 45 charge exceeds fee schedule, 3 copayment, 1 deductible. */
  reasonCode: string;
  /** Positive reduces the payment; negative (in a reversal) gives it back. */
  amountCents: number;
  /** CAS04…: units adjusted, in thousandths. */
  quantityThousandths?: number;
}

export interface RemittanceServiceLine {
  /** SVC01-1: N4 NDC (5-4-2 without hyphens), HC HCPCS… */
  productQualifier: string;
  /** SVC01-2 as sent. */
  productId: string;
  /** The product's 11-digit NDC when the qualifier is N4. */
  ndc11?: string;
  chargeCents: number;
  paidCents: number;
  /** SVC05, units of service paid, in thousandths (NCPDP quantities have 3 decimals). */
  unitsPaidThousandths?: number;
  /** DTM*472. */
  serviceDate?: string;
  adjustments: ClaimAdjustment[];
  /** REF*6R. */
  lineControlNumber?: string;
  /** AMT*B6. */
  allowedCents?: number;
}

export interface RemittancePatient {
  lastName: string;
  firstName?: string;
  /** NM109 with NM108 MI. */
  memberId?: string;
}

export interface RemittanceClaim {
  /** LX01 of the loop the claim is in. */
  headerNumber: number;
  /** CLP01: what the pharmacy sent as the claim's reference. */
  patientControlNumber: string;
  /** From a patient control number "{Rx number}-{fill number}" (as the pharmacy sends it). */
  rxNumber?: number;
  fillNumber?: number;
  statusCode: ClaimStatusCode;
  chargeCents: number;
  paidCents: number;
  /** CLP05. */
  patientResponsibilityCents?: number;
  /** CLP06 Claim Filing Indicator Code, e.g. MC Medicaid, 16 HMO Medicare risk, CI commercial. */
  filingIndicator: string;
  /** CLP07: the payer's own number for the claim (its ICN). */
  payerClaimControlNumber?: string;
  patient?: RemittancePatient;
  adjustments: ClaimAdjustment[];
  /** DTM*050. */
  receivedDate?: string;
  /** DTM*232 and DTM*233. */
  statementFrom?: string;
  statementTo?: string;
  serviceLines: RemittanceServiceLine[];
}

export interface ProviderAdjustment {
  /** PLB01: the provider's NPI (or tax id). */
  providerId: string;
  /** PLB02: the last day of the provider's fiscal year. */
  fiscalPeriodDate: string;
  /** PLB03-1, e.g. WO overpayment recovery, FB forwarding balance, L6 interest owed, 72 authorized return. */
  reasonCode: string;
  /** PLB03-2, e.g. the claim a recovery is for. */
  reference?: string;
  /** Positive is taken from the payment; negative is paid on top of it. */
  amountCents: number;
}

export interface RemittanceAdvice {
  kind: '835';
  controlNumber: string;
  /** GS06 of the group the set came in. */
  groupControlNumber: number;
  raw: string;
  payment: RemittancePayment;
  trace: RemittanceTrace;
  /** DTM*405. */
  productionDate?: string;
  payer: RemittancePayer;
  payee: RemittancePayee;
  claims: RemittanceClaim[];
  providerAdjustments: ProviderAdjustment[];
  /** Each of the guide's balancing rules the remittance breaks, as a sentence; empty when it balances. */
  balanceProblems: string[];
}

export interface InvalidRemittance {
  kind: 'invalid';
  id: string;
  controlNumber: string;
  groupControlNumber: number;
  raw: string;
  error: string;
}

export interface RemittanceFile {
  controlNumber: number;
  sender: X12Party;
  receiver: X12Party;
  date: string;
  time: string;
  usage: 'P' | 'T';
  remittances: (RemittanceAdvice | InvalidRemittance)[];
}

export type RemittanceParse = { ok: true; file: RemittanceFile } | { ok: false; error: string };

// ---------------------------------------------------------------------------------------------------- values

function isDigits(text: string): boolean {
  if (text === '') return false;
  for (const char of text) if (char < '0' || char > '9') return false;
  return true;
}

/** A decimal ("30", "7.5", "-30.000") as integer thousandths; more than 3 decimals only as zeros. */
function parseThousandths(text: string, label: string): X12Value<number> {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = negative ? trimmed.slice(1) : trimmed;
  const point = unsigned.indexOf('.');
  const integer = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? '' : unsigned.slice(point + 1);
  const wellFormed = (integer !== '' || fraction !== '') && (integer === '' || isDigits(integer)) && (point === -1 || isDigits(fraction));
  if (!wellFormed) return { ok: false, error: `${label} "${text}" is not a decimal number.` };
  if ([...fraction.slice(3)].some((char) => char !== '0')) return { ok: false, error: `${label} "${text}" has more than 3 decimals.` };
  const significant = integer.replace(/^0+/, '');
  if (significant.length > 9) return { ok: false, error: `${label} "${text}" is too large.` };
  const value = Number(significant || '0') * 1000 + Number(fraction.slice(0, 3).padEnd(3, '0'));
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** Writes a decimal with trailing zeros suppressed, as X12's R type asks ("45", "45.5", "-0.05", "0"). */
function formatDecimal(value: number, decimals: 2 | 3, label: string): string {
  if (!Number.isSafeInteger(value)) throw new X12BuildError(`${label} of ${value} is not a whole number of ${decimals === 2 ? 'cents' : 'thousandths'}.`);
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  const integer = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return `${sign}${integer}${fraction === '' ? '' : `.${fraction}`}`;
}

function amountText(cents: number, label = 'An amount'): string {
  return formatDecimal(cents, 2, label);
}

/** "{Rx number}-{fill number}" → the two numbers; anything else is some other reference. */
export function rxFillOf(patientControlNumber: string): { rxNumber: number; fillNumber: number } | undefined {
  const dash = patientControlNumber.lastIndexOf('-');
  const rx = patientControlNumber.slice(0, dash);
  const fill = patientControlNumber.slice(dash + 1);
  if (dash < 1 || !isDigits(rx) || rx.length > 12 || !isDigits(fill) || fill.length > 2) return undefined;
  return { rxNumber: Number(rx), fillNumber: Number(fill) };
}

/** The patient control number the pharmacy sends for a fill: "1000123-02". */
export function patientControlNumberFor(rxNumber: number, fillNumber: number): string {
  if (!Number.isSafeInteger(rxNumber) || rxNumber < 1 || rxNumber > 999_999_999_999) throw new X12BuildError(`An Rx number must be a whole number from 1; got ${rxNumber}.`);
  if (!Number.isSafeInteger(fillNumber) || fillNumber < 0 || fillNumber > 99) throw new X12BuildError(`A fill number must be from 0 to 99; got ${fillNumber}.`);
  return `${rxNumber}-${String(fillNumber).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------- reading

function where(segment: X12Segment): string {
  return `${segment.tag} segment (segment ${segment.position})`;
}

/**
 * The longest value each element may be (005010X221A1's maximum lengths, which the remittance tables keep): a longer
 * one refuses its set with a sentence, never a database error after the file's earlier sets were saved.
 */
export const REMITTANCE_MAX_LENGTHS = {
  traceType: 2, traceNumber: 50, originatorId: 10, supplementalCode: 50, name: 60, identifier: 80, reference: 50,
  patientControlNumber: 38, payerClaimControlNumber: 50, filingIndicator: 2, providerId: 50, plbReason: 2, casReason: 5,
} as const;

function within(value: string, max: number, what: string, segment: X12Segment): string {
  if (value.length > max) invalid(`The ${what} in the ${where(segment)} is longer than ${max} characters.`);
  return value;
}

function boundedElement(segment: X12Segment, n: number, what: string, max: number): string {
  return within(requiredElement(segment, n, what), max, what, segment);
}

function optionalBounded(segment: X12Segment | undefined, n: number, what: string, max: number): string | undefined {
  const text = optionalElement(segment, n);
  return text === undefined || !segment ? text : within(text, max, what, segment);
}

function money(segment: X12Segment, n: number, what: string): number {
  return required(parseMoneyCents(requiredElement(segment, n, what), `The ${what} in the ${where(segment)}`));
}

function optionalMoney(segment: X12Segment, n: number, what: string): number | undefined {
  const text = optionalElement(segment, n);
  return text === undefined ? undefined : required(parseMoneyCents(text, `The ${what} in the ${where(segment)}`));
}

function date(segment: X12Segment, n: number, what: string): string {
  return required(parseX12Date(requiredElement(segment, n, what), `The ${what} in the ${where(segment)}`));
}

function oneOf<T extends string>(segment: X12Segment, n: number, what: string, codes: Readonly<Record<T, string>>): T {
  const code = requiredElement(segment, n, what);
  if (!Object.hasOwn(codes, code)) {
    invalid(`The ${where(segment)} has ${what} "${code}"; expected one of ${Object.keys(codes).join(', ')}.`);
  }
  return code as T;
}

function componentsOf(segment: X12Segment, n: number, delimiters: X12Delimiters): string[] {
  return elementOf(segment, n).split(delimiters.component).map((part) => part.trim());
}

function adjustmentsOf(cas: X12Segment): ClaimAdjustment[] {
  const group = oneOf(cas, 1, 'adjustment group code', ADJUSTMENT_GROUPS);
  if (cas.elements.length > 1 + CAS_MAX_ADJUSTMENTS * 3) {
    invalid(`The ${where(cas)} has more than ${CAS_MAX_ADJUSTMENTS} adjustments.`);
  }
  const adjustments: ClaimAdjustment[] = [];
  for (let first = 2; first <= 1 + CAS_MAX_ADJUSTMENTS * 3; first += 3) {
    const reasonCode = optionalElement(cas, first);
    const amount = optionalElement(cas, first + 1);
    const quantity = optionalElement(cas, first + 2);
    if (reasonCode === undefined && amount === undefined && quantity === undefined) continue;
    const label = `adjustment ${adjustments.length + 1}`;
    if (reasonCode === undefined) invalid(`The ${where(cas)} has an amount without its reason code (${label}).`);
    if (amount === undefined) invalid(`The ${where(cas)} has reason code ${reasonCode} without its amount.`);
    within(reasonCode, REMITTANCE_MAX_LENGTHS.casReason, `reason code of ${label}`, cas);
    adjustments.push({
      group,
      reasonCode,
      amountCents: required(parseMoneyCents(amount, `The amount of ${label} in the ${where(cas)}`)),
      ...(quantity === undefined ? {} : { quantityThousandths: required(parseThousandths(quantity, `The quantity of ${label} in the ${where(cas)}`)) }),
    });
  }
  if (adjustments.length === 0) invalid(`The ${where(cas)} has no adjustment (reason code and amount).`);
  return adjustments;
}

function providerAdjustmentsOf(plb: X12Segment, delimiters: X12Delimiters): ProviderAdjustment[] {
  const providerId = boundedElement(plb, 1, 'provider identifier', REMITTANCE_MAX_LENGTHS.providerId);
  const fiscalPeriodDate = date(plb, 2, 'fiscal period date');
  if (plb.elements.length > 2 + PLB_MAX_ADJUSTMENTS * 2) invalid(`The ${where(plb)} has more than ${PLB_MAX_ADJUSTMENTS} adjustments.`);
  const adjustments: ProviderAdjustment[] = [];
  for (let first = 3; first <= 2 + PLB_MAX_ADJUSTMENTS * 2; first += 2) {
    const identifier = optionalElement(plb, first);
    const amount = optionalElement(plb, first + 1);
    if (identifier === undefined && amount === undefined) continue;
    if (identifier === undefined) invalid(`The ${where(plb)} has an amount without its adjustment reason code.`);
    const [reasonCode = '', reference] = componentsOf(plb, first, delimiters);
    if (reasonCode === '') invalid(`The ${where(plb)} has an adjustment without its reason code.`);
    if (amount === undefined) invalid(`The ${where(plb)} has adjustment ${reasonCode} without its amount.`);
    within(reasonCode, REMITTANCE_MAX_LENGTHS.plbReason, 'adjustment reason code', plb);
    if (reference !== undefined) within(reference, REMITTANCE_MAX_LENGTHS.reference, `reference of adjustment ${reasonCode}`, plb);
    adjustments.push({
      providerId,
      fiscalPeriodDate,
      reasonCode,
      ...(reference === undefined || reference === '' ? {} : { reference }),
      amountCents: required(parseMoneyCents(amount, `The amount of adjustment ${reasonCode} in the ${where(plb)}`)),
    });
  }
  if (adjustments.length === 0) invalid(`The ${where(plb)} has no adjustment (reason code and amount).`);
  return adjustments;
}

function bankAccount(bpr: X12Segment, first: number): BankAccount | undefined {
  const parts = [0, 1, 2, 3].map((offset) => optionalElement(bpr, first + offset));
  if (parts.every((part) => part === undefined)) return undefined;
  const [dfiQualifier, dfiNumber, accountQualifier, accountNumber] = parts;
  if (dfiQualifier === undefined || dfiNumber === undefined || accountQualifier === undefined || accountNumber === undefined) {
    const name = (n: number) => `BPR${String(n).padStart(2, '0')}`;
    invalid(`The ${where(bpr)} gives only part of a bank account (${name(first)} to ${name(first + 3)} go together).`);
  }
  return { dfiQualifier, dfiNumber, accountQualifier, accountNumber };
}

function paymentOf(bpr: X12Segment): RemittancePayment {
  const amountCents = money(bpr, 2, 'total payment amount');
  if (amountCents < 0) invalid(`The total payment amount in the ${where(bpr)} is negative; a debit is said with D in BPR03.`);
  const creditDebit = requiredElement(bpr, 3, 'credit/debit flag');
  if (creditDebit !== 'C' && creditDebit !== 'D') invalid(`The ${where(bpr)} has credit/debit flag "${creditDebit}"; expected C or D.`);
  const format = optionalElement(bpr, 5);
  const payerAccount = bankAccount(bpr, 6);
  const originatingCompanyId = optionalElement(bpr, 10);
  const payeeAccount = bankAccount(bpr, 12);
  return {
    handlingCode: oneOf(bpr, 1, 'transaction handling code', HANDLING_CODES),
    amountCents,
    creditDebit,
    method: oneOf(bpr, 4, 'payment method', PAYMENT_METHODS),
    ...(format === undefined ? {} : { format }),
    ...(payerAccount === undefined ? {} : { payerAccount }),
    ...(originatingCompanyId === undefined ? {} : { originatingCompanyId }),
    ...(payeeAccount === undefined ? {} : { payeeAccount }),
    date: date(bpr, 16, 'payment date (BPR16)'),
  };
}

function addressOf(n3: X12Segment | undefined, n4: X12Segment | undefined): RemittanceAddress | undefined {
  if (!n3 && !n4) return undefined;
  if (!n3 || !n4) invalid(`The ${where((n3 ?? n4)!)} needs its ${n3 ? 'N4' : 'N3'} segment: an address has both.`);
  const state = optionalElement(n4, 2);
  const postalCode = optionalElement(n4, 3);
  return {
    lines: [requiredElement(n3, 1, 'address'), ...(optionalElement(n3, 2) === undefined ? [] : [elementOf(n3, 2)])],
    city: requiredElement(n4, 1, 'city'),
    ...(state === undefined ? {} : { state }),
    ...(postalCode === undefined ? {} : { postalCode }),
  };
}

/** One N1 loop (N1, N3, N4, REF…) as read. */
interface PartyLoop {
  n1: X12Segment;
  n3?: X12Segment;
  n4?: X12Segment;
  refs: X12Segment[];
}

function refValue(loop: PartyLoop, qualifier: string): string | undefined {
  const ref = loop.refs.find((segment) => elementOf(segment, 1) === qualifier);
  return ref ? boundedElement(ref, 2, `${qualifier} reference`, REMITTANCE_MAX_LENGTHS.reference) : undefined;
}

function payerOf(loop: PartyLoop): RemittancePayer {
  const identifierQualifier = optionalBounded(loop.n1, 3, 'payer identifier type', 2);
  const identifier = optionalBounded(loop.n1, 4, 'payer identifier', REMITTANCE_MAX_LENGTHS.identifier);
  const payerId = refValue(loop, '2U');
  const address = addressOf(loop.n3, loop.n4);
  return {
    name: boundedElement(loop.n1, 2, 'payer name', REMITTANCE_MAX_LENGTHS.name),
    ...(identifierQualifier === undefined || identifier === undefined ? {} : { identifierQualifier, identifier }),
    ...(payerId === undefined ? {} : { payerId }),
    ...(address === undefined ? {} : { address }),
  };
}

function payeeOf(loop: PartyLoop): RemittancePayee {
  const qualifier = optionalBounded(loop.n1, 3, 'payee identifier type', 2);
  const identifier = optionalBounded(loop.n1, 4, 'payee identifier', REMITTANCE_MAX_LENGTHS.identifier);
  if (qualifier !== undefined && identifier === undefined) invalid(`The ${where(loop.n1)} names identifier type ${qualifier} but gives no identifier (N104).`);
  const npi = qualifier === 'XX' ? identifier : undefined;
  const taxId = qualifier === 'FI' ? identifier : refValue(loop, 'TJ');
  const ncpdpId = refValue(loop, 'D3');
  const address = addressOf(loop.n3, loop.n4);
  return {
    name: boundedElement(loop.n1, 2, 'payee name', REMITTANCE_MAX_LENGTHS.name),
    ...(npi === undefined ? {} : { npi }),
    ...(taxId === undefined ? {} : { taxId }),
    ...(ncpdpId === undefined ? {} : { ncpdpId }),
    ...(address === undefined ? {} : { address }),
  };
}

function claimOf(clp: X12Segment, headerNumber: number): RemittanceClaim {
  const patientControlNumber = boundedElement(clp, 1, 'patient control number', REMITTANCE_MAX_LENGTHS.patientControlNumber);
  const rxFill = rxFillOf(patientControlNumber);
  const patientResponsibilityCents = optionalMoney(clp, 5, 'patient responsibility amount');
  const payerClaimControlNumber = optionalBounded(clp, 7, 'payer claim control number', REMITTANCE_MAX_LENGTHS.payerClaimControlNumber);
  return {
    headerNumber,
    patientControlNumber,
    ...(rxFill ?? {}),
    statusCode: oneOf(clp, 2, 'claim status code', CLAIM_STATUS_CODES),
    chargeCents: money(clp, 3, 'total claim charge'),
    paidCents: money(clp, 4, 'claim payment amount'),
    ...(patientResponsibilityCents === undefined ? {} : { patientResponsibilityCents }),
    filingIndicator: boundedElement(clp, 6, 'claim filing indicator code', REMITTANCE_MAX_LENGTHS.filingIndicator),
    ...(payerClaimControlNumber === undefined ? {} : { payerClaimControlNumber }),
    adjustments: [],
    serviceLines: [],
  };
}

function serviceLineOf(svc: X12Segment, delimiters: X12Delimiters): RemittanceServiceLine {
  const [productQualifier = '', productId = ''] = componentsOf(svc, 1, delimiters);
  if (productQualifier === '' || productId === '') invalid(`The ${where(svc)} does not identify its product (SVC01: qualifier and code, e.g. N4 and the NDC).`);
  const units = optionalElement(svc, 5);
  return {
    productQualifier,
    productId,
    ...(productQualifier === 'N4' ? { ndc11: required(parseNdcN4(productId)) } : {}),
    chargeCents: money(svc, 2, 'line charge'),
    paidCents: money(svc, 3, 'line payment amount'),
    ...(units === undefined ? {} : { unitsPaidThousandths: required(parseThousandths(units, `The units paid in the ${where(svc)}`)) }),
    adjustments: [],
  };
}

function headerNumberOf(lx: X12Segment): number {
  const text = requiredElement(lx, 1, 'header number');
  if (!isDigits(text) || text.length > 6) invalid(`The ${where(lx)} has header number "${text}"; expected a whole number.`);
  return Number(text);
}

function misplaced(segment: X12Segment): never {
  invalid(`The ${where(segment)} is out of place in the remittance (835).`);
}

type Place = 'header' | 'payer' | 'payee' | 'lx' | 'claim' | 'line' | 'summary';

/** Reads one 835 transaction set; throws TransactionSetError naming the segment for a set that cannot be read. */
export function readRemittance(set: ParsedTransactionSet, delimiters: X12Delimiters, groupControlNumber: number): RemittanceAdvice {
  if (set.id !== '835') invalid(`Transaction set ${set.controlNumber} is a ${set.id}, not an 835 remittance.`);
  const body = bodyOf(set.segments);
  const [bpr] = body;
  if (bpr?.tag !== 'BPR') invalid('The remittance (835) does not start with its payment (BPR).');
  const payment = paymentOf(bpr);
  let trace: RemittanceTrace | undefined;
  let productionDate: string | undefined;
  let payerLoop: PartyLoop | undefined;
  let payeeLoop: PartyLoop | undefined;
  let party: PartyLoop | undefined;
  const claims: RemittanceClaim[] = [];
  const providerAdjustments: ProviderAdjustment[] = [];
  let place: Place = 'header';
  let headerNumber = 0;
  let claim: RemittanceClaim | undefined;
  let line: RemittanceServiceLine | undefined;

  for (const segment of body.slice(1)) {
    const qualifier = elementOf(segment, 1);
    switch (segment.tag) {
      case 'TRN': {
        if (place !== 'header' || trace) misplaced(segment);
        const supplemental = optionalBounded(segment, 4, 'originating company supplemental code', REMITTANCE_MAX_LENGTHS.supplementalCode);
        trace = {
          typeCode: boundedElement(segment, 1, 'trace type code', REMITTANCE_MAX_LENGTHS.traceType),
          traceNumber: boundedElement(segment, 2, 'check or EFT trace number', REMITTANCE_MAX_LENGTHS.traceNumber),
          originatorId: boundedElement(segment, 3, 'originating company identifier', REMITTANCE_MAX_LENGTHS.originatorId),
          ...(supplemental === undefined ? {} : { originatorSupplementalCode: supplemental }),
        };
        break;
      }
      case 'N1': {
        if (place !== 'header' && place !== 'payer' && place !== 'payee') misplaced(segment);
        party = { n1: segment, refs: [] };
        if (qualifier === 'PR') {
          if (payerLoop) invalid(`The ${where(segment)} names a second payer.`);
          payerLoop = party;
          place = 'payer';
        } else if (qualifier === 'PE') {
          if (payeeLoop) invalid(`The ${where(segment)} names a second payee.`);
          payeeLoop = party;
          place = 'payee';
        } else {
          invalid(`The ${where(segment)} has entity code "${qualifier}"; an 835 names its payer (PR) and payee (PE).`);
        }
        break;
      }
      case 'N3':
      case 'N4':
        if ((place !== 'payer' && place !== 'payee') || !party) misplaced(segment);
        if (party[segment.tag === 'N3' ? 'n3' : 'n4']) invalid(`The ${where(segment)} repeats the ${segment.tag} of the same party.`);
        party[segment.tag === 'N3' ? 'n3' : 'n4'] = segment;
        break;
      case 'LX':
        if (place === 'summary') misplaced(segment);
        if (!trace) invalid(`The remittance (835) has claims (${where(segment)}) before its trace number (TRN).`);
        headerNumber = headerNumberOf(segment);
        place = 'lx';
        break;
      case 'CLP':
        if (place !== 'lx' && place !== 'claim' && place !== 'line') {
          invalid(place === 'summary' ? `The ${where(segment)} follows the provider adjustments (PLB), which close the remittance.` : `The ${where(segment)} is not inside a header number loop (LX).`);
        }
        claim = claimOf(segment, headerNumber);
        line = undefined;
        claims.push(claim);
        place = 'claim';
        break;
      case 'CAS':
        if (place === 'claim' && claim) claim.adjustments.push(...adjustmentsOf(segment));
        else if (place === 'line' && line) line.adjustments.push(...adjustmentsOf(segment));
        else misplaced(segment);
        break;
      case 'NM1':
        if (place !== 'claim' || !claim) misplaced(segment);
        if (qualifier === 'QC') {
          const firstName = optionalElement(segment, 4);
          const memberId = elementOf(segment, 8) === 'MI' ? optionalElement(segment, 9) : undefined;
          claim.patient = {
            lastName: requiredElement(segment, 3, 'patient last name'),
            ...(firstName === undefined ? {} : { firstName }),
            ...(memberId === undefined ? {} : { memberId }),
          };
        }
        break;
      case 'SVC':
        if ((place !== 'claim' && place !== 'line') || !claim) misplaced(segment);
        line = serviceLineOf(segment, delimiters);
        claim.serviceLines.push(line);
        place = 'line';
        break;
      case 'DTM':
        if (place === 'header' && qualifier === '405') productionDate = date(segment, 2, 'production date');
        else if (place === 'claim' && claim && qualifier === '050') claim.receivedDate = date(segment, 2, 'claim received date');
        else if (place === 'claim' && claim && qualifier === '232') claim.statementFrom = date(segment, 2, 'statement period start');
        else if (place === 'claim' && claim && qualifier === '233') claim.statementTo = date(segment, 2, 'statement period end');
        else if (place === 'line' && line && qualifier === '472') line.serviceDate = date(segment, 2, 'service date');
        break;
      case 'REF':
        if ((place === 'payer' || place === 'payee') && party) party.refs.push(segment);
        else if (place === 'line' && line && qualifier === '6R') line.lineControlNumber = requiredElement(segment, 2, 'line item control number');
        break;
      case 'AMT':
        if (place === 'line' && line && qualifier === 'B6') line.allowedCents = money(segment, 2, 'allowed amount');
        break;
      case 'PLB':
        if (place === 'header' || place === 'payer' || place === 'payee') {
          if (!trace) invalid(`The remittance (835) has provider adjustments (${where(segment)}) before its trace number (TRN).`);
        }
        providerAdjustments.push(...providerAdjustmentsOf(segment, delimiters));
        place = 'summary';
        break;
      case 'BPR':
        invalid(`The ${where(segment)} is a second payment; each 835 carries one.`);
        break;
      default:
        // CUR, REF*EV/F2, PER, RDM, TS3, TS2, MIA, MOA, QTY, LQ…: not used in reconciling.
        if (place === 'summary') misplaced(segment);
    }
  }
  if (!trace) invalid('The remittance (835) has no trace number (TRN).');
  if (!payerLoop) invalid('The remittance (835) does not name its payer (N1*PR).');
  if (!payeeLoop) invalid('The remittance (835) does not name its payee (N1*PE).');
  return {
    kind: '835',
    controlNumber: set.controlNumber,
    groupControlNumber,
    raw: set.raw,
    payment,
    trace,
    ...(productionDate === undefined ? {} : { productionDate }),
    payer: payerOf(payerLoop),
    payee: payeeOf(payeeLoop),
    claims,
    providerAdjustments,
    balanceProblems: balanceProblemsOf(payment, claims, providerAdjustments),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The guide's balancing rules (005010X221A1 section 1.10.2), each broken one as a sentence. */
export function balanceProblemsOf(payment: RemittancePayment, claims: readonly RemittanceClaim[], providerAdjustments: readonly ProviderAdjustment[]): string[] {
  const problems: string[] = [];
  for (const claim of claims) {
    const name = `Claim ${claim.patientControlNumber}`;
    const lineAdjustments = sum(claim.serviceLines.flatMap((line) => line.adjustments.map((adjustment) => adjustment.amountCents)));
    const adjusted = sum(claim.adjustments.map((adjustment) => adjustment.amountCents)) + lineAdjustments;
    if (claim.chargeCents - claim.paidCents !== adjusted) {
      problems.push(`${name}: charge ${formatCents(claim.chargeCents)} minus paid ${formatCents(claim.paidCents)} is ${formatCents(claim.chargeCents - claim.paidCents)}, but its adjustments add up to ${formatCents(adjusted)}.`);
    }
    if (claim.serviceLines.length > 0) {
      const linesPaid = sum(claim.serviceLines.map((line) => line.paidCents));
      if (linesPaid !== claim.paidCents) problems.push(`${name}: its service lines pay ${formatCents(linesPaid)}, but the claim pays ${formatCents(claim.paidCents)}.`);
    }
    claim.serviceLines.forEach((line, index) => {
      const lineAdjusted = sum(line.adjustments.map((adjustment) => adjustment.amountCents));
      if (line.chargeCents - line.paidCents !== lineAdjusted) {
        problems.push(`${name}, line ${index + 1}: charge ${formatCents(line.chargeCents)} minus paid ${formatCents(line.paidCents)} is ${formatCents(line.chargeCents - line.paidCents)}, but its adjustments add up to ${formatCents(lineAdjusted)}.`);
      }
    });
  }
  const expected = sum(claims.map((claim) => claim.paidCents)) - sum(providerAdjustments.map((adjustment) => adjustment.amountCents));
  const paid = payment.creditDebit === 'C' ? payment.amountCents : -payment.amountCents;
  if (paid !== expected) {
    problems.push(`The payment of ${formatCents(paid)} is not the claims' payments less the provider adjustments, ${formatCents(expected)}.`);
  }
  return problems;
}

const PREFIX = 'The remittance (835) file cannot be read:';

/**
 * Reads an 835 interchange: every functional group must be health care claim payments (HP) of guide
 * 005010X221A1; each set is a remittance, or `invalid` with its reason. Never throws on hostile input.
 */
export function parse835(text: string): RemittanceParse {
  const envelope = parseEnvelope(text);
  if (!envelope.ok) return { ok: false, error: envelope.error };
  const { groups, delimiters, controlNumber, sender, receiver, date: fileDate, time, usage } = envelope.value;
  const remittances: RemittanceFile['remittances'] = [];
  for (const group of groups) {
    if (group.functionalId !== 'HP') {
      return { ok: false, error: `${PREFIX} group ${group.controlNumber} holds ${group.functionalId} documents, not health care claim payments (HP).` };
    }
    if (!ACCEPTED_VERSIONS.has(group.version)) {
      return { ok: false, error: `${PREFIX} group ${group.controlNumber} is X12 version "${group.version}"; only ${REMITTANCE_VERSION} is read.` };
    }
    for (const set of group.transactionSets) {
      try {
        remittances.push(readRemittance(set, delimiters, group.controlNumber));
      } catch (error) {
        if (!(error instanceof TransactionSetError)) throw error;
        remittances.push({ kind: 'invalid', id: set.id, controlNumber: set.controlNumber, groupControlNumber: group.controlNumber, raw: set.raw, error: error.message });
      }
    }
  }
  return { ok: true, file: { controlNumber, sender, receiver, date: fileDate, time, usage, remittances } };
}

// ---------------------------------------------------------------------------------------------------- building

export interface RemittanceServiceLineInput extends Omit<RemittanceServiceLine, 'productQualifier' | 'productId' | 'ndc11' | 'adjustments'> {
  /** The product as an 11-digit NDC (written N4). */
  ndc11: string;
  adjustments?: ClaimAdjustment[];
}

export interface RemittanceClaimInput extends Omit<RemittanceClaim, 'headerNumber' | 'rxNumber' | 'fillNumber' | 'adjustments' | 'serviceLines'> {
  /** LX01; 1 when absent. Claims are written in the order given, a new LX when the number changes. */
  headerNumber?: number;
  adjustments?: ClaimAdjustment[];
  serviceLines?: RemittanceServiceLineInput[];
}

export interface RemittanceInput {
  payment: Omit<RemittancePayment, 'amountCents' | 'creditDebit' | 'handlingCode'> & {
    /** The claims' payments less the provider adjustments when absent. */
    amountCents?: number;
    /** C when absent. */
    creditDebit?: 'C' | 'D';
    /** I (remittance information only: the money travels as its own EFT or check) when absent. */
    handlingCode?: HandlingCode;
  };
  trace: RemittanceTrace;
  productionDate?: string;
  payer: RemittancePayer;
  payee: RemittancePayee;
  claims: RemittanceClaimInput[];
  providerAdjustments?: ProviderAdjustment[];
}

function id(value: string, label: string, max: number): string {
  return x12Identifier(value, label, 1, max);
}

/** CAS segments in the order given: a new one when the group changes or six adjustments are written. */
function casSegments(adjustments: readonly ClaimAdjustment[], label: string): string[][] {
  const segments: string[][] = [];
  let current: string[] | undefined;
  for (const adjustment of adjustments) {
    if (!Object.hasOwn(ADJUSTMENT_GROUPS, adjustment.group)) throw new X12BuildError(`${label}: adjustment group "${adjustment.group}" is not CO, OA, PI or PR.`);
    if (!current || current[1] !== adjustment.group || current.length >= 2 + CAS_MAX_ADJUSTMENTS * 3) {
      current = ['CAS', adjustment.group];
      segments.push(current);
    }
    current.push(
      id(adjustment.reasonCode, `${label}: an adjustment reason code`, 5),
      amountText(adjustment.amountCents, `${label}: an adjustment amount`),
      adjustment.quantityThousandths === undefined ? '' : formatDecimal(adjustment.quantityThousandths, 3, `${label}: an adjustment quantity`),
    );
  }
  return segments;
}

function addressSegments(address: RemittanceAddress | undefined): string[][] {
  if (!address) return [];
  const lines = address.lines.slice(0, 2).map((line) => x12Text(line, 55));
  return [['N3', ...lines], ['N4', x12Text(address.city, 30), address.state ?? '', address.postalCode ?? '']];
}

function bankElements(account: BankAccount | undefined, label: string): string[] {
  if (!account) return ['', '', '', ''];
  return [id(account.dfiQualifier, `${label} DFI qualifier`, 2), id(account.dfiNumber, `${label} DFI number`, 12), id(account.accountQualifier, `${label} account qualifier`, 3), id(account.accountNumber, `${label} account number`, 35)];
}

/** BPR: written last, once every amount it adds up has been checked. */
function paymentSegment(remittance: RemittanceInput, providerAdjustments: readonly ProviderAdjustment[]): string[] {
  const defaultAmount = sum(remittance.claims.map((claim) => claim.paidCents)) - sum(providerAdjustments.map((adjustment) => adjustment.amountCents));
  const amountCents = remittance.payment.amountCents ?? Math.abs(defaultAmount);
  const creditDebit = remittance.payment.creditDebit ?? (remittance.payment.amountCents === undefined && defaultAmount < 0 ? 'D' : 'C');
  const handlingCode = remittance.payment.handlingCode ?? 'I';
  if (!Object.hasOwn(HANDLING_CODES, handlingCode)) throw new X12BuildError(`Transaction handling code "${handlingCode}" is not one of ${Object.keys(HANDLING_CODES).join(', ')}.`);
  if (!Object.hasOwn(PAYMENT_METHODS, remittance.payment.method)) throw new X12BuildError(`Payment method "${remittance.payment.method}" is not one of ${Object.keys(PAYMENT_METHODS).join(', ')}.`);
  if (amountCents < 0) throw new X12BuildError('The payment amount cannot be negative; a debit is creditDebit D.');
  return [
    'BPR', handlingCode, amountText(amountCents, 'The payment amount'), creditDebit, remittance.payment.method, remittance.payment.format ?? '',
    ...bankElements(remittance.payment.payerAccount, 'The payer’s'),
    remittance.payment.originatingCompanyId === undefined ? '' : id(remittance.payment.originatingCompanyId, 'The originating company identifier', 10), '',
    ...bankElements(remittance.payment.payeeAccount, 'The payee’s'),
    formatX12Date(remittance.payment.date, 'The payment date'),
  ];
}

/** The 835 transaction set of one payment. */
export function remittanceTransactionSet(remittance: RemittanceInput, controlNumber?: string): TransactionSetDraft {
  const providerAdjustments = remittance.providerAdjustments ?? [];
  const segments: string[][] = [];
  const { trace } = remittance;
  segments.push([
    'TRN', id(trace.typeCode, 'The trace type code', 2), id(trace.traceNumber, 'The check or EFT trace number', 50), id(trace.originatorId, 'The originating company identifier', 10),
    trace.originatorSupplementalCode === undefined ? '' : id(trace.originatorSupplementalCode, 'The originating company supplemental code', 50),
  ]);
  if (remittance.productionDate !== undefined) segments.push(['DTM', '405', formatX12Date(remittance.productionDate, 'The production date')]);
  const { payer, payee } = remittance;
  segments.push(['N1', 'PR', x12Text(payer.name, 60), ...(payer.identifier === undefined ? [] : [id(payer.identifierQualifier ?? 'XV', 'The payer identifier qualifier', 2), id(payer.identifier, 'The payer identifier', 80)])]);
  segments.push(...addressSegments(payer.address));
  if (payer.payerId !== undefined) segments.push(['REF', '2U', id(payer.payerId, 'The payer id', 50)]);
  segments.push(['N1', 'PE', x12Text(payee.name, 60), ...(payee.npi === undefined ? [] : ['XX', id(payee.npi, 'The payee NPI', 10)])]);
  segments.push(...addressSegments(payee.address));
  if (payee.taxId !== undefined) segments.push(['REF', 'TJ', id(payee.taxId, 'The payee tax id', 50)]);
  if (payee.ncpdpId !== undefined) segments.push(['REF', 'D3', id(payee.ncpdpId, 'The payee NCPDP id', 50)]);

  let headerNumber: number | undefined;
  for (const [index, claim] of remittance.claims.entries()) {
    const label = `Claim ${index + 1} (${claim.patientControlNumber})`;
    const number = claim.headerNumber ?? 1;
    if (!Number.isSafeInteger(number) || number < 1 || number > 999_999) throw new X12BuildError(`${label}: the header number must be from 1 to 999999.`);
    if (number !== headerNumber) segments.push(['LX', String(number)]);
    headerNumber = number;
    if (!Object.hasOwn(CLAIM_STATUS_CODES, claim.statusCode)) throw new X12BuildError(`${label}: claim status "${claim.statusCode}" is not a CLP02 code.`);
    segments.push([
      'CLP', id(claim.patientControlNumber, `${label}: the patient control number`, 38), claim.statusCode, amountText(claim.chargeCents, `${label}: the charge`),
      amountText(claim.paidCents, `${label}: the payment`), claim.patientResponsibilityCents === undefined ? '' : amountText(claim.patientResponsibilityCents, `${label}: the patient responsibility`),
      id(claim.filingIndicator, `${label}: the claim filing indicator`, 2), claim.payerClaimControlNumber === undefined ? '' : id(claim.payerClaimControlNumber, `${label}: the payer claim control number`, 50),
    ]);
    segments.push(...casSegments(claim.adjustments ?? [], label));
    if (claim.patient) {
      segments.push(['NM1', 'QC', '1', x12Text(claim.patient.lastName, 60), x12Text(claim.patient.firstName ?? '', 35), '', '', '',
        ...(claim.patient.memberId === undefined ? [] : ['MI', id(claim.patient.memberId, `${label}: the member id`, 80)])]);
    }
    if (claim.statementFrom !== undefined) segments.push(['DTM', '232', formatX12Date(claim.statementFrom, `${label}: the statement start`)]);
    if (claim.statementTo !== undefined) segments.push(['DTM', '233', formatX12Date(claim.statementTo, `${label}: the statement end`)]);
    if (claim.receivedDate !== undefined) segments.push(['DTM', '050', formatX12Date(claim.receivedDate, `${label}: the received date`)]);
    for (const [lineIndex, line] of (claim.serviceLines ?? []).entries()) {
      const lineLabel = `${label}, line ${lineIndex + 1}`;
      if (!parseNdcN4(line.ndc11).ok || line.ndc11.length !== 11) throw new X12BuildError(`${lineLabel}: the NDC must be 11 digits; got "${line.ndc11}".`);
      segments.push([
        'SVC', `N4${X12_DELIMITERS.component}${line.ndc11}`, amountText(line.chargeCents, `${lineLabel}: the charge`), amountText(line.paidCents, `${lineLabel}: the payment`), '',
        line.unitsPaidThousandths === undefined ? '' : formatDecimal(line.unitsPaidThousandths, 3, `${lineLabel}: the units paid`),
      ]);
      if (line.serviceDate !== undefined) segments.push(['DTM', '472', formatX12Date(line.serviceDate, `${lineLabel}: the service date`)]);
      segments.push(...casSegments(line.adjustments ?? [], lineLabel));
      if (line.lineControlNumber !== undefined) segments.push(['REF', '6R', id(line.lineControlNumber, `${lineLabel}: the line control number`, 50)]);
      if (line.allowedCents !== undefined) segments.push(['AMT', 'B6', amountText(line.allowedCents, `${lineLabel}: the allowed amount`)]);
    }
  }
  // One PLB per provider and fiscal period, at most six adjustments each.
  const plbGroups = new Map<string, ProviderAdjustment[]>();
  for (const adjustment of providerAdjustments) {
    const key = `${adjustment.providerId}\u0000${adjustment.fiscalPeriodDate}`;
    plbGroups.set(key, [...(plbGroups.get(key) ?? []), adjustment]);
  }
  for (const adjustments of plbGroups.values()) {
    for (let start = 0; start < adjustments.length; start += PLB_MAX_ADJUSTMENTS) {
      const first = adjustments[start]!;
      const elements = ['PLB', id(first.providerId, 'The provider adjustment’s provider id', 50), formatX12Date(first.fiscalPeriodDate, 'The fiscal period date')];
      for (const adjustment of adjustments.slice(start, start + PLB_MAX_ADJUSTMENTS)) {
        const reason = id(adjustment.reasonCode, 'A provider adjustment reason code', 2);
        elements.push(adjustment.reference === undefined ? reason : `${reason}${X12_DELIMITERS.component}${id(adjustment.reference, 'A provider adjustment reference', 50)}`, amountText(adjustment.amountCents, 'A provider adjustment amount'));
      }
      segments.push(elements);
    }
  }
  segments.unshift(paymentSegment(remittance, providerAdjustments));
  return { id: '835', controlNumber, segments };
}

export interface RemittanceInterchangeInput extends Omit<InterchangeHeader, 'version'> {
  groupControlNumber: number;
  /** One 835 (one payment) each, in one HP group. */
  remittances: RemittanceInput[];
}

/** An 835 interchange (005010X221A1) holding one HP group with a set per payment; throws X12BuildError on bad input. */
export function build835(input: RemittanceInterchangeInput): string {
  if (input.remittances.length === 0) throw new X12BuildError('A remittance file needs at least one payment.');
  const group: GroupDraft = {
    controlNumber: input.groupControlNumber,
    transactionSets: input.remittances.map((remittance) => remittanceTransactionSet(remittance)),
  };
  return buildInterchange({ ...input, version: REMITTANCE_VERSION }, [group]);
}
