/**
 * NCPDP D.0 responses, typed, built and read: what the payer answers through the switch (the local test switch
 * builds, the edge function reads). Header: fixed 31 characters — 102-A2 "D0", 103-A3 code, 109-A9 count, 501-F1
 * header response status (A accepted / R rejected), 202-B2 provider id qualifier, 201-B1 provider id (15), 401-D1
 * date of service. Transmission level: Message (AM20), Insurance (AM25), Patient (AM29). Each transaction (after
 * a group separator): Status (AM21, mandatory: 112-AN P paid, C captured, R rejected, D duplicate of paid,
 * A approved, S duplicate of approved, Q duplicate of captured; reject codes; additional messages; help desk),
 * Claim (AM22), Pricing (AM23, cents; 566-J5 the other payers' amount recognized on a secondary claim), DUR/PPS
 * (AM24, repeating, e.g. a refill-too-soon's previous fill), and COB/Other Payers (AM28). Untyped segments and
 * fields are kept in `otherSegments` / `otherFields`.
 * `buildClaimResponse` throws D0BuildError with a sentence; `parseClaimResponse` never throws on input.
 */
import { FIELDS as F, HEADER_FIELDS as H } from './d0-fields.ts';
import { type D0Frame, type D0Input, type D0RawSegment, d0Text, joinFrame, splitFrame } from './d0-framing.ts';
import { D0_TRANSACTION_CODES, D0_VERSION, type D0TransactionCode, type WithOtherFields } from './d0-request.ts';
import {
  D0ParseError, type SegmentDef, type ShapeOf, countedRepeat, counterRepeat, definedOnly, failParse, headerFieldText, optionalSegment,
  otherSegmentsToWrite, readOptionalSegment, readSegment, sortSegments, withOtherSegments, writeSegment,
} from './d0-segments.ts';
import { D0BuildError, escapeForMessage, fieldLabel, formatD0Date, padText, parseD0Date } from './d0-values.ts';

export const RESPONSE_HEADER_LENGTH = 31;

/** 501-F1: the transmission accepted (A) or rejected (R). */
export type HeaderResponseStatus = 'A' | 'R';

/** 112-AN, the transaction's outcome. */
export const TRANSACTION_RESPONSE_STATUSES = {
  P: 'Paid',
  C: 'Captured',
  R: 'Rejected',
  D: 'Duplicate of paid',
  A: 'Approved',
  S: 'Duplicate of approved',
  Q: 'Duplicate of captured',
} as const;
export type TransactionResponseStatus = keyof typeof TRANSACTION_RESPONSE_STATUSES;

export interface ResponseHeader {
  /** 202-B2, "01" NPI. */
  serviceProviderIdQualifier: string;
  serviceProviderId: string;
  /** 401-D1, YYYY-MM-DD. */
  dateOfService: string;
}

/** AM20 Response Message. */
export interface ResponseMessageSegment extends WithOtherFields {
  message?: string;
}

export interface ResponseReject {
  /** 511-FB, e.g. "79". */
  code: string;
  /** 546-4F, which repetition of a repeating field the reject is about. */
  fieldOccurrence?: number;
}

export interface AdditionalMessage {
  /** 132-UH, e.g. "01" (free-form) … */
  qualifier?: string;
  text?: string;
  /** 131-UG "+": the next repetition continues this text. */
  continuity?: string;
}

/** AM21 Response Status. */
export interface ResponseStatusSegment extends WithOtherFields {
  transactionStatus: TransactionResponseStatus;
  authorizationNumber?: string;
  /** 511-FB with 546-4F, at most 5 (510-FA). */
  rejects?: ResponseReject[];
  /** 526-FQ with 132-UH and 131-UG, at most 25 (130-UF). */
  additionalMessages?: AdditionalMessage[];
  helpDeskPhoneQualifier?: string;
  helpDeskPhone?: string;
}

/** AM22 Response Claim. */
export interface ResponseClaimSegment extends WithOtherFields {
  rxReferenceQualifier?: string;
  rxNumber?: string;
}

/** AM23 Response Pricing, in cents. */
export interface ResponsePricingSegment extends WithOtherFields {
  patientPayCents?: number;
  ingredientCostPaidCents?: number;
  dispensingFeePaidCents?: number;
  /** 566-J5, on a secondary claim: what the processor counted as paid by the other payers (Total amount paid is net of it). */
  otherPayerAmountRecognizedCents?: number;
  totalAmountPaidCents?: number;
  /** 522-FM, e.g. 1 ingredient cost paid as submitted, 4 usual & customary. */
  basisOfReimbursement?: number;
  copayCents?: number;
  accumulatedDeductibleCents?: number;
  remainingDeductibleCents?: number;
  remainingBenefitCents?: number;
  appliedToPeriodicDeductibleCents?: number;
}

/** One repetition of AM24 (567-J6 numbers them 1–9, written by position). */
export interface ResponseDurEntry {
  /** 439-E4, e.g. "ER" early refill, "DD" drug-drug interaction, "TD" therapeutic duplication. */
  reasonForServiceCode?: string;
  clinicalSignificanceCode?: string;
  otherPharmacyIndicator?: number;
  /** 530-FU, YYYY-MM-DD. */
  previousFillDate?: string;
  /** 531-FV, thousandths. */
  previousFillQuantityThousandths?: number;
  databaseIndicator?: string;
  otherPrescriberIndicator?: number;
  freeText?: string;
}

/** AM24 Response DUR/PPS. */
export interface ResponseDurSegment extends WithOtherFields {
  entries: ResponseDurEntry[];
}

/** AM25 Response Insurance. */
export interface ResponseInsuranceSegment extends WithOtherFields {
  groupId?: string;
  planId?: string;
  networkReimbursementId?: string;
  payerIdQualifier?: string;
  payerId?: string;
}

/** One other payer of AM28 (355-NT counts them, at most 3). */
export interface ResponseOtherPayer {
  coverageType?: string;
  payerIdQualifier?: string;
  payerId?: string;
  processorControlNumber?: string;
  cardholderId?: string;
  groupId?: string;
}

/** AM28 Response Coordination of Benefits/Other Payers. */
export interface ResponseCoordinationOfBenefitsSegment extends WithOtherFields {
  otherPayers: ResponseOtherPayer[];
}

/** AM29 Response Patient. */
export interface ResponsePatientSegment extends WithOtherFields {
  firstName?: string;
  lastName?: string;
  /** 304-C4, YYYY-MM-DD. */
  dateOfBirth?: string;
}

export interface ResponseTransaction {
  status: ResponseStatusSegment;
  claim?: ResponseClaimSegment;
  pricing?: ResponsePricingSegment;
  dur?: ResponseDurSegment;
  otherPayers?: ResponseCoordinationOfBenefitsSegment;
  otherSegments?: D0RawSegment[];
}

/**
 * One response shape for every transaction code: the segments a payer returns are the same set (a B2 answers
 * with Status and Claim, an E1 with Status and COB), and the meaning of each status is read with the code.
 */
export interface ClaimResponse {
  transactionCode: D0TransactionCode;
  headerResponseStatus: HeaderResponseStatus;
  header: ResponseHeader;
  message?: ResponseMessageSegment;
  insurance?: ResponseInsuranceSegment;
  patient?: ResponsePatientSegment;
  /** 1 to 4, each answering the request's transaction in the same position (109-A9 is written from this). */
  transactions: ResponseTransaction[];
  otherSegments?: D0RawSegment[];
}

export type ClaimResponseParse = { ok: true; response: ClaimResponse } | { ok: false; error: string };

export const RESPONSE_MESSAGE_SEGMENT = {
  id: '20',
  name: 'Response Message',
  shape: { message: F.F4 } satisfies ShapeOf<ResponseMessageSegment>,
  required: [],
} as const satisfies SegmentDef;

export const RESPONSE_STATUS_SEGMENT = {
  id: '21',
  name: 'Response Status',
  shape: {
    transactionStatus: F.AN,
    authorizationNumber: F.F3,
    rejects: countedRepeat(F.FA, 5, { code: F.FB, fieldOccurrence: F['4F'] } satisfies ShapeOf<ResponseReject>),
    additionalMessages: countedRepeat(F.UF, 25, { qualifier: F.UH, text: F.FQ, continuity: F.UG } satisfies ShapeOf<AdditionalMessage>),
    helpDeskPhoneQualifier: F['7F'],
    helpDeskPhone: F['8F'],
  } satisfies ShapeOf<ResponseStatusSegment>,
  required: ['transactionStatus'],
} as const satisfies SegmentDef;

export const RESPONSE_CLAIM_SEGMENT = {
  id: '22',
  name: 'Response Claim',
  shape: { rxReferenceQualifier: F.EM, rxNumber: F.D2 } satisfies ShapeOf<ResponseClaimSegment>,
  required: [],
} as const satisfies SegmentDef;

export const RESPONSE_PRICING_SEGMENT = {
  id: '23',
  name: 'Response Pricing',
  shape: {
    // The standard's order: 566-J5 comes before 509-F9.
    patientPayCents: F.F5, ingredientCostPaidCents: F.F6, dispensingFeePaidCents: F.F7, otherPayerAmountRecognizedCents: F.J5,
    totalAmountPaidCents: F.F9,
    basisOfReimbursement: F.FM, copayCents: F.FI, accumulatedDeductibleCents: F.FC, remainingDeductibleCents: F.FD,
    remainingBenefitCents: F.FE, appliedToPeriodicDeductibleCents: F.FH,
  } satisfies ShapeOf<ResponsePricingSegment>,
  required: [],
} as const satisfies SegmentDef;

export const RESPONSE_DUR_SEGMENT = {
  id: '24',
  name: 'Response DUR/PPS',
  shape: {
    entries: counterRepeat(F.J6, 9, {
      reasonForServiceCode: F.E4, clinicalSignificanceCode: F.FS, otherPharmacyIndicator: F.FT, previousFillDate: F.FU,
      previousFillQuantityThousandths: F.FV, databaseIndicator: F.FW, otherPrescriberIndicator: F.FX, freeText: F.FY,
    } satisfies ShapeOf<ResponseDurEntry>),
  } satisfies ShapeOf<ResponseDurSegment>,
  required: ['entries'],
} as const satisfies SegmentDef;

export const RESPONSE_INSURANCE_SEGMENT = {
  id: '25',
  name: 'Response Insurance',
  shape: { groupId: F.C1, planId: F.FO, networkReimbursementId: F['2F'], payerIdQualifier: F.J7, payerId: F.J8 } satisfies ShapeOf<ResponseInsuranceSegment>,
  required: [],
} as const satisfies SegmentDef;

export const RESPONSE_COB_SEGMENT = {
  id: '28',
  name: 'Response Coordination of Benefits/Other Payers',
  shape: {
    otherPayers: countedRepeat(F.NT, 3, {
      coverageType: F['5C'], payerIdQualifier: F['6C'], payerId: F['7C'], processorControlNumber: F.MH, cardholderId: F.NU,
      groupId: F.MJ,
    } satisfies ShapeOf<ResponseOtherPayer>),
  } satisfies ShapeOf<ResponseCoordinationOfBenefitsSegment>,
  required: ['otherPayers'],
} as const satisfies SegmentDef;

export const RESPONSE_PATIENT_SEGMENT = {
  id: '29',
  name: 'Response Patient',
  shape: { firstName: F.CA, lastName: F.CB, dateOfBirth: F.C4 } satisfies ShapeOf<ResponsePatientSegment>,
  required: [],
} as const satisfies SegmentDef;

const TRANSMISSION_LEVEL_IDS: ReadonlySet<string> = new Set([RESPONSE_MESSAGE_SEGMENT.id, RESPONSE_INSURANCE_SEGMENT.id, RESPONSE_PATIENT_SEGMENT.id]);
const TRANSACTION_LEVEL_IDS: ReadonlySet<string> = new Set([
  RESPONSE_STATUS_SEGMENT.id, RESPONSE_CLAIM_SEGMENT.id, RESPONSE_PRICING_SEGMENT.id, RESPONSE_DUR_SEGMENT.id, RESPONSE_COB_SEGMENT.id,
]);

/** Segments written from typed properties: never from otherSegments. */
const TYPED_IDS: ReadonlySet<string> = new Set([...TRANSMISSION_LEVEL_IDS, ...TRANSACTION_LEVEL_IDS]);

// ---------------------------------------------------------------------------------------------------- building

function responseHeaderText(response: ClaimResponse, count: number): string {
  const code = response.transactionCode;
  if (!(D0_TRANSACTION_CODES as readonly string[]).includes(code)) {
    throw new D0BuildError(`${fieldLabel(H.transactionCode)} must be B1, B2, B3 or E1; got "${escapeForMessage(String(code))}".`);
  }
  if (response.headerResponseStatus !== 'A' && response.headerResponseStatus !== 'R') {
    throw new D0BuildError(`${fieldLabel(H.headerResponseStatus)} must be A or R; got "${escapeForMessage(String(response.headerResponseStatus))}".`);
  }
  const header = response.header;
  return D0_VERSION + code + String(count) + response.headerResponseStatus
    + padText(header.serviceProviderIdQualifier, H.serviceProviderIdQualifier)
    + padText(header.serviceProviderId, H.serviceProviderId)
    + formatD0Date(header.dateOfService, H.dateOfService);
}

function checkStatus(status: unknown): void {
  if (typeof status !== 'string' || !Object.hasOwn(TRANSACTION_RESPONSE_STATUSES, status)) {
    throw new D0BuildError(`${fieldLabel(F.AN)} must be one of ${Object.keys(TRANSACTION_RESPONSE_STATUSES).join(', ')}; got "${escapeForMessage(String(status))}".`);
  }
}

/** The response's bytes (ASCII) as the payer sends them; throws D0BuildError for a value that cannot be sent. */
export function buildClaimResponse(response: ClaimResponse): Uint8Array {
  const transactions = response.transactions;
  if (!Array.isArray(transactions) || transactions.length < 1 || transactions.length > 4) {
    throw new D0BuildError(`A response holds 1 to 4 transactions; got ${Array.isArray(transactions) ? transactions.length : 'none'}.`);
  }
  const frame: D0Frame = {
    header: responseHeaderText(response, transactions.length),
    transmissionSegments: [
      ...optionalSegment(RESPONSE_MESSAGE_SEGMENT, response.message),
      ...optionalSegment(RESPONSE_INSURANCE_SEGMENT, response.insurance),
      ...optionalSegment(RESPONSE_PATIENT_SEGMENT, response.patient),
      ...otherSegmentsToWrite(response.otherSegments, TYPED_IDS),
    ],
    transactions: transactions.map((transaction) => {
      if (!transaction.status) throw new D0BuildError('Each response transaction needs the Response Status segment (AM21).');
      checkStatus(transaction.status.transactionStatus);
      return [
        writeSegment(RESPONSE_STATUS_SEGMENT, transaction.status),
        ...optionalSegment(RESPONSE_CLAIM_SEGMENT, transaction.claim),
        ...optionalSegment(RESPONSE_PRICING_SEGMENT, transaction.pricing),
        ...optionalSegment(RESPONSE_DUR_SEGMENT, transaction.dur),
        ...optionalSegment(RESPONSE_COB_SEGMENT, transaction.otherPayers),
        ...otherSegmentsToWrite(transaction.otherSegments, TYPED_IDS),
      ];
    }),
  };
  return joinFrame(frame, RESPONSE_HEADER_LENGTH);
}

// ---------------------------------------------------------------------------------------------------- reading

function readResponseHeader(text: string) {
  const version = text.slice(0, 2);
  if (version !== D0_VERSION) failParse(`${fieldLabel(H.version)} is "${escapeForMessage(version)}": this codec reads D.0 ("D0") only.`);
  const code = text.slice(2, 4);
  if (!(D0_TRANSACTION_CODES as readonly string[]).includes(code)) {
    failParse(`${fieldLabel(H.transactionCode)} "${escapeForMessage(code)}" is not one this codec reads (B1, B2, B3, E1).`);
  }
  const countText = text.slice(4, 5);
  if (countText < '1' || countText > '4') failParse(`${fieldLabel(H.transactionCount)} "${escapeForMessage(countText)}" is not 1 to 4.`);
  const status = text.slice(5, 6);
  if (status !== 'A' && status !== 'R') failParse(`${fieldLabel(H.headerResponseStatus)} "${escapeForMessage(status)}" is not A (accepted) or R (rejected).`);
  const date = parseD0Date(text.slice(23, 31), H.dateOfService);
  if (!date.ok) failParse(date.error);
  return {
    transactionCode: code as D0TransactionCode,
    count: Number(countText),
    headerResponseStatus: status as HeaderResponseStatus,
    header: {
      serviceProviderIdQualifier: headerFieldText(text.slice(6, 8), H.serviceProviderIdQualifier),
      serviceProviderId: headerFieldText(text.slice(8, 23), H.serviceProviderId),
      dateOfService: date.value,
    } satisfies ResponseHeader,
  };
}

function readResponseFrame(frame: D0Frame): ClaimResponse {
  const { count, ...head } = readResponseHeader(frame.header);
  if (frame.transactions.length !== count) {
    failParse(`${fieldLabel(H.transactionCount)} is ${count} but the response holds ${frame.transactions.length} ${frame.transactions.length === 1 ? 'transaction' : 'transactions'}.`);
  }
  const top = sortSegments(frame.transmissionSegments, TRANSMISSION_LEVEL_IDS, TRANSACTION_LEVEL_IDS, 'before the first transaction', 'inside a transaction (after a group separator)');
  const transactions = frame.transactions.map((segments, index) => {
    const context = count > 1 ? ` of transaction ${index + 1}` : '';
    const group = sortSegments(segments, TRANSACTION_LEVEL_IDS, TRANSMISSION_LEVEL_IDS, `in transaction ${index + 1}`, 'before the first transaction');
    const statusSegment = group.byId.get(RESPONSE_STATUS_SEGMENT.id);
    if (!statusSegment) failParse(`Response transaction ${index + 1} has no Response Status segment (AM21).`);
    const status = readSegment<ResponseStatusSegment>(RESPONSE_STATUS_SEGMENT, statusSegment, context);
    if (!Object.hasOwn(TRANSACTION_RESPONSE_STATUSES, status.transactionStatus)) {
      failParse(`${fieldLabel(F.AN)}${context} "${escapeForMessage(status.transactionStatus)}" is not one of ${Object.keys(TRANSACTION_RESPONSE_STATUSES).join(', ')}.`);
    }
    return withOtherSegments(definedOnly<ResponseTransaction>({
      status,
      claim: readOptionalSegment(RESPONSE_CLAIM_SEGMENT, group.byId, context),
      pricing: readOptionalSegment(RESPONSE_PRICING_SEGMENT, group.byId, context),
      dur: readOptionalSegment(RESPONSE_DUR_SEGMENT, group.byId, context),
      otherPayers: readOptionalSegment(RESPONSE_COB_SEGMENT, group.byId, context),
    }), group.others);
  });
  return withOtherSegments(definedOnly<ClaimResponse>({
    ...head,
    message: readOptionalSegment(RESPONSE_MESSAGE_SEGMENT, top.byId),
    insurance: readOptionalSegment(RESPONSE_INSURANCE_SEGMENT, top.byId),
    patient: readOptionalSegment(RESPONSE_PATIENT_SEGMENT, top.byId),
    transactions,
  }), top.others);
}

/** Reads a response (the bytes as received, or the same ASCII text); a malformed one gives a sentence naming the field. */
export function parseClaimResponse(input: D0Input): ClaimResponseParse {
  const text = d0Text(input);
  if (!text.ok) return { ok: false, error: text.error };
  const frame = splitFrame(text.value, RESPONSE_HEADER_LENGTH);
  if (!frame.ok) return { ok: false, error: frame.error };
  try {
    return { ok: true, response: readResponseFrame(frame.value) };
  } catch (error) {
    if (error instanceof D0ParseError) return { ok: false, error: error.message };
    throw error;
  }
}
