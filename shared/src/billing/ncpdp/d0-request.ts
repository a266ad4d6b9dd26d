/**
 * NCPDP D.0 requests, typed, built and read: what the pharmacy sends a payer through the claims switch (the edge
 * function builds, the local test switch reads). Transactions:
 * - B1 billing and B3 rebill: header, Patient (AM01, optional) and Insurance (AM04) for the transmission, then 1–4
 *   transactions each of Claim (AM07), Pharmacy Provider (AM02), Prescriber (AM03), COB/Other Payments (AM05),
 *   DUR/PPS (AM08) and Pricing (AM11);
 * - B2 reversal: header, Insurance optional, then 1–4 transactions of a Claim with only EM, D2, E1, D7, D3 (and C8);
 * - E1 eligibility: header, Insurance and Patient, and at most one transaction (Pharmacy Provider, Prescriber).
 * Header: fixed 56 characters — 101-A1 BIN (6), 102-A2 "D0", 103-A3 code, 104-A4 PCN (10, space padded), 109-A9
 * count, 202-B2 provider id qualifier, 201-B1 provider id (15), 401-D1 date of service, 110-AK software id (10).
 * Money is integer cents, quantities integer thousandths (30 tablets = 30000), dates YYYY-MM-DD, NDC 11 digits.
 * Segments and fields this codec does not type are kept in `otherSegments` / `otherFields` and written back.
 * `buildClaimRequest` throws D0BuildError with a sentence; `parseClaimRequest` never throws on input.
 */
import { FIELDS as F, HEADER_FIELDS as H } from './d0-fields.ts';
import { type D0Field, type D0Frame, type D0Input, type D0RawSegment, d0Text, joinFrame, splitFrame } from './d0-framing.ts';
import {
  D0ParseError, type SegmentDef, type ShapeOf, countedRepeat, counterRepeat, definedOnly, failParse, headerFieldText, optionalSegment,
  otherSegmentsToWrite, readOptionalSegment, readRequiredSegment, segmentLabel, sortSegments, withOtherSegments, writeSegment,
} from './d0-segments.ts';
import { D0BuildError, escapeForMessage, fieldLabel, formatD0Date, formatDigits, padText, parseD0Date, parseDigits } from './d0-values.ts';

export const D0_VERSION = 'D0';
export const REQUEST_HEADER_LENGTH = 56;
export const D0_TRANSACTION_CODES = ['B1', 'B2', 'B3', 'E1'] as const;
export type D0TransactionCode = (typeof D0_TRANSACTION_CODES)[number];

/** Service provider id qualifier 202-B2 "01": the pharmacy's NPI. */
export const PROVIDER_ID_QUALIFIER_NPI = '01';
/** Product/service id qualifier 436-E1 "03": an NDC. */
export const PRODUCT_ID_QUALIFIER_NDC = '03';

/** The request header's fields but the version, code and count (written from the request itself). */
export interface RequestHeader {
  /** 101-A1, 6 digits. */
  bin: string;
  /** 104-A4, up to 10 characters ('' when the payer has none). */
  processorControlNumber: string;
  /** 202-B2, "01" for an NPI. */
  serviceProviderIdQualifier: string;
  /** 201-B1, up to 15 characters. */
  serviceProviderId: string;
  /** 401-D1, YYYY-MM-DD. */
  dateOfService: string;
  /** 110-AK, up to 10 characters. */
  softwareVendorCertificationId: string;
}

/** Fields and segments this codec does not type, kept as on the wire. */
export interface WithOtherFields {
  otherFields?: D0Field[];
}

/** AM01 Patient. */
export interface PatientSegment extends WithOtherFields {
  patientIdQualifier?: string;
  patientId?: string;
  /** 304-C4, YYYY-MM-DD. */
  dateOfBirth?: string;
  /** 305-C5: 0 not specified, 1 male, 2 female. */
  genderCode?: number;
  firstName?: string;
  lastName?: string;
  streetAddress?: string;
  city?: string;
  state?: string;
  zip?: string;
  /** 326-CQ, 10 digits. */
  phone?: string;
}

/** AM04 Insurance. */
export interface InsuranceSegment extends WithOtherFields {
  cardholderId: string;
  cardholderFirstName?: string;
  cardholderLastName?: string;
  groupId?: string;
  personCode?: string;
  /** 306-C6: 0 not specified, 1 cardholder, 2 spouse, 3 child, 4 other. */
  patientRelationshipCode?: number;
  planId?: string;
}

/** AM02 Pharmacy Provider. */
export interface PharmacyProviderSegment extends WithOtherFields {
  providerIdQualifier?: string;
  providerId?: string;
}

/** AM03 Prescriber. */
export interface PrescriberSegment extends WithOtherFields {
  /** 466-EZ, "01" for an NPI. */
  prescriberIdQualifier: string;
  prescriberId: string;
  prescriberLastName?: string;
}

/** AM07 Claim of a billing (B1, B3). */
export interface ClaimSegment extends WithOtherFields {
  /** 455-EM, "1" Rx billing. */
  rxReferenceQualifier: string;
  /** 402-D2, the Rx number, up to 12 digits. */
  rxNumber: string;
  /** 436-E1, "03" NDC. */
  productIdQualifier: string;
  /** 407-D7, the NDC's 11 digits when the qualifier is 03. */
  productId: string;
  /** 442-E7, thousandths of the unit: 30 tablets = 30000. */
  quantityDispensedThousandths: number;
  /** 403-D3, 0 the original fill, N refill N. */
  fillNumber: number;
  daysSupply: number;
  /** 406-D6: 1 not a compound, 2 compound. */
  compoundCode: number;
  /** 408-D8, "0" to "9". */
  dispenseAsWrittenCode: string;
  /** 414-DE, YYYY-MM-DD. */
  dateWritten: string;
  refillsAuthorized?: number;
  /** 419-DJ: 0 not known, 1 written, 2 telephone, 3 electronic, 4 facsimile, 5 pharmacy. */
  prescriptionOriginCode?: number;
  /** 420-DK, at most 3 (354-NX counts them). */
  submissionClarificationCodes?: number[];
  otherCoverageCode?: number;
  priorAuthorizationTypeCode?: number;
  /** 462-EV, up to 11 digits. */
  priorAuthorizationNumber?: string;
  /** 600-28: EA, GM, ML. */
  unitOfMeasure?: string;
}

/** AM07 Claim of a reversal (B2): the claim to reverse. */
export interface ReversalClaimSegment extends WithOtherFields {
  rxReferenceQualifier: string;
  rxNumber: string;
  productIdQualifier: string;
  productId: string;
  fillNumber?: number;
  otherCoverageCode?: number;
}

/** One DUR/PPS repetition of AM08 (473-7E counts them 1–9, written by position). */
export interface DurPpsEntry {
  reasonForServiceCode?: string;
  professionalServiceCode?: string;
  resultOfServiceCode?: string;
  levelOfEffort?: number;
}

/** AM08 DUR/PPS. */
export interface DurPpsSegment extends WithOtherFields {
  entries: DurPpsEntry[];
}

export interface OtherPayerAmountPaid {
  /** 342-HC, e.g. "07" drug benefit. */
  qualifier?: string;
  amountCents: number;
}

export interface OtherPayerPatientResponsibility {
  /** 351-NP, e.g. "06" patient pay amount. */
  qualifier?: string;
  amountCents: number;
}

/** One other payer of AM05 (337-4C counts them, at most 9). */
export interface OtherPayment {
  /** 338-5C, "01" primary, "02" secondary… */
  coverageType: string;
  payerIdQualifier?: string;
  payerId?: string;
  /** 443-E8, YYYY-MM-DD. */
  payerDate?: string;
  /** 431-DV with 342-HC, at most 9 (341-HB). */
  amountsPaid?: OtherPayerAmountPaid[];
  /** 472-6E, at most 5 (471-5E). */
  rejectCodes?: string[];
  /** 352-NQ with 351-NP, at most 25 (353-NR). */
  patientResponsibility?: OtherPayerPatientResponsibility[];
}

/** AM05 Coordination of Benefits/Other Payments. */
export interface CoordinationOfBenefitsSegment extends WithOtherFields {
  otherPayments: OtherPayment[];
}

/** AM11 Pricing, in cents. */
export interface PricingSegment extends WithOtherFields {
  ingredientCostCents?: number;
  dispensingFeeCents?: number;
  patientPaidCents?: number;
  usualAndCustomaryCents?: number;
  grossAmountDueCents?: number;
  /** 423-DN, e.g. "01" AWP, "07" usual & customary. */
  basisOfCostDetermination?: string;
}

export interface BillingTransaction {
  claim: ClaimSegment;
  pharmacyProvider?: PharmacyProviderSegment;
  prescriber?: PrescriberSegment;
  coordinationOfBenefits?: CoordinationOfBenefitsSegment;
  durPps?: DurPpsSegment;
  pricing: PricingSegment;
  otherSegments?: D0RawSegment[];
}

export interface ReversalTransaction {
  claim: ReversalClaimSegment;
  pharmacyProvider?: PharmacyProviderSegment;
  otherSegments?: D0RawSegment[];
}

export interface EligibilityTransaction {
  pharmacyProvider?: PharmacyProviderSegment;
  prescriber?: PrescriberSegment;
  otherSegments?: D0RawSegment[];
}

export interface BillingRequest {
  transactionCode: 'B1' | 'B3';
  header: RequestHeader;
  patient?: PatientSegment;
  insurance: InsuranceSegment;
  /** 1 to 4 (109-A9 is written from this). */
  transactions: BillingTransaction[];
  otherSegments?: D0RawSegment[];
}

export interface ReversalRequest {
  transactionCode: 'B2';
  header: RequestHeader;
  patient?: PatientSegment;
  insurance?: InsuranceSegment;
  transactions: ReversalTransaction[];
  otherSegments?: D0RawSegment[];
}

export interface EligibilityRequest {
  transactionCode: 'E1';
  header: RequestHeader;
  patient: PatientSegment;
  insurance: InsuranceSegment;
  /** Written in a transaction group only when present. */
  transaction?: EligibilityTransaction;
  otherSegments?: D0RawSegment[];
}

export type ClaimRequest = BillingRequest | ReversalRequest | EligibilityRequest;

export type ClaimRequestParse = { ok: true; request: ClaimRequest } | { ok: false; error: string };

export const PATIENT_SEGMENT = {
  id: '01',
  name: 'Patient',
  shape: {
    patientIdQualifier: F.CX, patientId: F.CY, dateOfBirth: F.C4, genderCode: F.C5, firstName: F.CA, lastName: F.CB,
    streetAddress: F.CM, city: F.CN, state: F.CO, zip: F.CP, phone: F.CQ,
  } satisfies ShapeOf<PatientSegment>,
  required: [],
} as const satisfies SegmentDef;

export const INSURANCE_SEGMENT = {
  id: '04',
  name: 'Insurance',
  shape: {
    cardholderId: F.C2, cardholderFirstName: F.CC, cardholderLastName: F.CD, groupId: F.C1, personCode: F.C3,
    patientRelationshipCode: F.C6, planId: F.FO,
  } satisfies ShapeOf<InsuranceSegment>,
  required: ['cardholderId'],
} as const satisfies SegmentDef;

export const PHARMACY_PROVIDER_SEGMENT = {
  id: '02',
  name: 'Pharmacy Provider',
  shape: { providerIdQualifier: F.EY, providerId: F.E9 } satisfies ShapeOf<PharmacyProviderSegment>,
  required: [],
} as const satisfies SegmentDef;

export const PRESCRIBER_SEGMENT = {
  id: '03',
  name: 'Prescriber',
  shape: { prescriberIdQualifier: F.EZ, prescriberId: F.DB, prescriberLastName: F.DR } satisfies ShapeOf<PrescriberSegment>,
  required: ['prescriberIdQualifier', 'prescriberId'],
} as const satisfies SegmentDef;

export const CLAIM_SEGMENT = {
  id: '07',
  name: 'Claim',
  shape: {
    rxReferenceQualifier: F.EM, rxNumber: F.D2, productIdQualifier: F.E1, productId: F.D7,
    quantityDispensedThousandths: F.E7, fillNumber: F.D3, daysSupply: F.D5, compoundCode: F.D6,
    dispenseAsWrittenCode: F.D8, dateWritten: F.DE, refillsAuthorized: F.DF, prescriptionOriginCode: F.DJ,
    submissionClarificationCodes: countedRepeat(F.NX, 3, F.DK), otherCoverageCode: F.C8,
    priorAuthorizationTypeCode: F.EU, priorAuthorizationNumber: F.EV, unitOfMeasure: F['28'],
  } satisfies ShapeOf<ClaimSegment>,
  required: [
    'rxReferenceQualifier', 'rxNumber', 'productIdQualifier', 'productId', 'quantityDispensedThousandths', 'fillNumber',
    'daysSupply', 'compoundCode', 'dispenseAsWrittenCode', 'dateWritten',
  ],
} as const satisfies SegmentDef;

export const REVERSAL_CLAIM_SEGMENT = {
  id: '07',
  name: 'Claim',
  shape: {
    rxReferenceQualifier: F.EM, rxNumber: F.D2, productIdQualifier: F.E1, productId: F.D7, fillNumber: F.D3,
    otherCoverageCode: F.C8,
  } satisfies ShapeOf<ReversalClaimSegment>,
  required: ['rxReferenceQualifier', 'rxNumber', 'productIdQualifier', 'productId'],
} as const satisfies SegmentDef;

export const DUR_PPS_SEGMENT = {
  id: '08',
  name: 'DUR/PPS',
  shape: {
    entries: counterRepeat(F['7E'], 9, {
      reasonForServiceCode: F.E4, professionalServiceCode: F.E5, resultOfServiceCode: F.E6, levelOfEffort: F['8E'],
    } satisfies ShapeOf<DurPpsEntry>),
  } satisfies ShapeOf<DurPpsSegment>,
  required: ['entries'],
} as const satisfies SegmentDef;

export const COORDINATION_OF_BENEFITS_SEGMENT = {
  id: '05',
  name: 'Coordination of Benefits/Other Payments',
  shape: {
    otherPayments: countedRepeat(F['4C'], 9, {
      coverageType: F['5C'], payerIdQualifier: F['6C'], payerId: F['7C'], payerDate: F.E8,
      amountsPaid: countedRepeat(F.HB, 9, { qualifier: F.HC, amountCents: F.DV } satisfies ShapeOf<OtherPayerAmountPaid>),
      rejectCodes: countedRepeat(F['5E'], 5, F['6E']),
      patientResponsibility: countedRepeat(F.NR, 25, { qualifier: F.NP, amountCents: F.NQ } satisfies ShapeOf<OtherPayerPatientResponsibility>),
    } satisfies ShapeOf<OtherPayment>),
  } satisfies ShapeOf<CoordinationOfBenefitsSegment>,
  required: ['otherPayments'],
} as const satisfies SegmentDef;

export const PRICING_SEGMENT = {
  id: '11',
  name: 'Pricing',
  shape: {
    ingredientCostCents: F.D9, dispensingFeeCents: F.DC, patientPaidCents: F.DX, usualAndCustomaryCents: F.DQ,
    grossAmountDueCents: F.DU, basisOfCostDetermination: F.DN,
  } satisfies ShapeOf<PricingSegment>,
  required: [],
} as const satisfies SegmentDef;

const TRANSMISSION_LEVEL_IDS: ReadonlySet<string> = new Set([PATIENT_SEGMENT.id, INSURANCE_SEGMENT.id]);
const TRANSACTION_LEVEL_IDS: ReadonlySet<string> = new Set([
  CLAIM_SEGMENT.id, PHARMACY_PROVIDER_SEGMENT.id, PRESCRIBER_SEGMENT.id, COORDINATION_OF_BENEFITS_SEGMENT.id,
  DUR_PPS_SEGMENT.id, PRICING_SEGMENT.id,
]);
/** Segments written from typed properties: never from otherSegments. */
const TYPED_IDS: ReadonlySet<string> = new Set([...TRANSMISSION_LEVEL_IDS, ...TRANSACTION_LEVEL_IDS]);
/** The transaction-level segments each transaction type reads; any other is kept in otherSegments. */
const TRANSACTION_SEGMENTS_READ: Record<D0TransactionCode, ReadonlySet<string>> = {
  B1: TRANSACTION_LEVEL_IDS,
  B3: TRANSACTION_LEVEL_IDS,
  B2: new Set([REVERSAL_CLAIM_SEGMENT.id, PHARMACY_PROVIDER_SEGMENT.id]),
  E1: new Set([PHARMACY_PROVIDER_SEGMENT.id, PRESCRIBER_SEGMENT.id]),
};

// ---------------------------------------------------------------------------------------------------- building

function requestHeaderText(code: D0TransactionCode, count: number, header: RequestHeader): string {
  if (typeof header?.bin !== 'string' || header.bin.length !== 6) throw new D0BuildError(`${fieldLabel(H.bin)} must be 6 digits; got "${String(header?.bin)}".`);
  return formatDigits(header.bin, H.bin)
    + D0_VERSION
    + code
    + padText(header.processorControlNumber ?? '', H.processorControlNumber)
    + String(count)
    + padText(header.serviceProviderIdQualifier, H.serviceProviderIdQualifier)
    + padText(header.serviceProviderId, H.serviceProviderId)
    + formatD0Date(header.dateOfService, H.dateOfService)
    + padText(header.softwareVendorCertificationId, H.softwareVendorCertificationId);
}

function checkNdc(qualifier: string, productId: string): void {
  if (qualifier === PRODUCT_ID_QUALIFIER_NDC && (productId.length !== 11 || !parseDigits(productId, F.D7).ok)) {
    throw new D0BuildError(`${fieldLabel(F.D7)} must be the NDC's 11 digits when ${fieldLabel(F.E1)} is 03; got "${escapeForMessage(productId)}".`);
  }
}

function transactionsToWrite<T>(transactions: readonly T[] | undefined): readonly T[] {
  if (!Array.isArray(transactions) || transactions.length < 1 || transactions.length > 4) {
    throw new D0BuildError(`A request holds 1 to 4 transactions; got ${Array.isArray(transactions) ? transactions.length : 'none'}.`);
  }
  return transactions;
}

/** The request's bytes (ASCII) as sent to the switch; throws D0BuildError for a value that cannot be sent. */
export function buildClaimRequest(request: ClaimRequest): Uint8Array {
  const others = otherSegmentsToWrite(request.otherSegments, TYPED_IDS);
  let frame: D0Frame;
  switch (request.transactionCode) {
    case 'B1':
    case 'B3': {
      const transactions = transactionsToWrite(request.transactions);
      if (!request.insurance) throw new D0BuildError(`A billing needs ${segmentLabel(INSURANCE_SEGMENT)}.`);
      frame = {
        header: requestHeaderText(request.transactionCode, transactions.length, request.header),
        transmissionSegments: [...optionalSegment(PATIENT_SEGMENT, request.patient), writeSegment(INSURANCE_SEGMENT, request.insurance), ...others],
        transactions: transactions.map((transaction) => {
          if (!transaction.claim) throw new D0BuildError(`A billing transaction needs ${segmentLabel(CLAIM_SEGMENT)}.`);
          if (!transaction.pricing) throw new D0BuildError(`A billing transaction needs ${segmentLabel(PRICING_SEGMENT)}.`);
          const claim = writeSegment(CLAIM_SEGMENT, transaction.claim);
          checkNdc(transaction.claim.productIdQualifier, transaction.claim.productId);
          return [
            claim,
            ...optionalSegment(PHARMACY_PROVIDER_SEGMENT, transaction.pharmacyProvider),
            ...optionalSegment(PRESCRIBER_SEGMENT, transaction.prescriber),
            ...optionalSegment(COORDINATION_OF_BENEFITS_SEGMENT, transaction.coordinationOfBenefits),
            ...optionalSegment(DUR_PPS_SEGMENT, transaction.durPps),
            writeSegment(PRICING_SEGMENT, transaction.pricing),
            ...otherSegmentsToWrite(transaction.otherSegments, TYPED_IDS),
          ];
        }),
      };
      break;
    }
    case 'B2': {
      const transactions = transactionsToWrite(request.transactions);
      frame = {
        header: requestHeaderText('B2', transactions.length, request.header),
        transmissionSegments: [...optionalSegment(PATIENT_SEGMENT, request.patient), ...optionalSegment(INSURANCE_SEGMENT, request.insurance), ...others],
        transactions: transactions.map((transaction) => {
          if (!transaction.claim) throw new D0BuildError(`A reversal transaction needs ${segmentLabel(REVERSAL_CLAIM_SEGMENT)}.`);
          const claim = writeSegment(REVERSAL_CLAIM_SEGMENT, transaction.claim);
          checkNdc(transaction.claim.productIdQualifier, transaction.claim.productId);
          return [
            claim,
            ...optionalSegment(PHARMACY_PROVIDER_SEGMENT, transaction.pharmacyProvider),
            ...otherSegmentsToWrite(transaction.otherSegments, TYPED_IDS),
          ];
        }),
      };
      break;
    }
    case 'E1': {
      if (!request.insurance) throw new D0BuildError(`An eligibility verification needs ${segmentLabel(INSURANCE_SEGMENT)}.`);
      if (!request.patient) throw new D0BuildError(`An eligibility verification needs ${segmentLabel(PATIENT_SEGMENT)}.`);
      const transaction = request.transaction;
      const segments = transaction
        ? [
            ...optionalSegment(PHARMACY_PROVIDER_SEGMENT, transaction.pharmacyProvider),
            ...optionalSegment(PRESCRIBER_SEGMENT, transaction.prescriber),
            ...otherSegmentsToWrite(transaction.otherSegments, TYPED_IDS),
          ]
        : [];
      frame = {
        header: requestHeaderText('E1', 1, request.header),
        transmissionSegments: [writeSegment(INSURANCE_SEGMENT, request.insurance), writeSegment(PATIENT_SEGMENT, request.patient), ...others],
        transactions: segments.length > 0 ? [segments] : [],
      };
      break;
    }
    default:
      throw new D0BuildError(`Transaction code "${String((request as { transactionCode?: unknown }).transactionCode)}" is not one this codec builds (B1, B2, B3, E1).`);
  }
  return joinFrame(frame, REQUEST_HEADER_LENGTH);
}

// ---------------------------------------------------------------------------------------------------- reading

interface ReadRequestHeader {
  code: D0TransactionCode;
  count: number;
  header: RequestHeader;
}

function readRequestHeader(text: string): ReadRequestHeader {
  const bin = text.slice(0, 6);
  if (bin.length !== 6 || !parseDigits(bin, H.bin).ok) failParse(`${fieldLabel(H.bin)} is not 6 digits: "${escapeForMessage(bin)}".`);
  const version = text.slice(6, 8);
  if (version !== D0_VERSION) failParse(`${fieldLabel(H.version)} is "${escapeForMessage(version)}": this codec reads D.0 ("D0") only.`);
  const code = text.slice(8, 10);
  if (!(D0_TRANSACTION_CODES as readonly string[]).includes(code)) {
    failParse(`${fieldLabel(H.transactionCode)} "${escapeForMessage(code)}" is not one this codec reads (B1, B2, B3, E1).`);
  }
  const countText = text.slice(20, 21);
  if (countText < '1' || countText > '4') failParse(`${fieldLabel(H.transactionCount)} "${escapeForMessage(countText)}" is not 1 to 4.`);
  const date = parseD0Date(text.slice(38, 46), H.dateOfService);
  if (!date.ok) failParse(date.error);
  return {
    code: code as D0TransactionCode,
    count: Number(countText),
    header: {
      bin,
      processorControlNumber: headerFieldText(text.slice(10, 20), H.processorControlNumber),
      serviceProviderIdQualifier: headerFieldText(text.slice(21, 23), H.serviceProviderIdQualifier),
      serviceProviderId: headerFieldText(text.slice(23, 38), H.serviceProviderId),
      dateOfService: date.value,
      softwareVendorCertificationId: headerFieldText(text.slice(46, 56), H.softwareVendorCertificationId),
    },
  };
}

function checkReadNdc(claim: { productIdQualifier: string; productId: string }, context: string): void {
  if (claim.productIdQualifier === PRODUCT_ID_QUALIFIER_NDC && (claim.productId.length !== 11 || !parseDigits(claim.productId, F.D7).ok)) {
    failParse(`${fieldLabel(F.D7)}${context} is not an NDC of 11 digits: "${escapeForMessage(claim.productId)}".`);
  }
}

function readRequestFrame(frame: D0Frame): ClaimRequest {
  const { code, count, header } = readRequestHeader(frame.header);
  const top = sortSegments(frame.transmissionSegments, TRANSMISSION_LEVEL_IDS, TRANSACTION_LEVEL_IDS, 'before the first transaction', 'inside a transaction (after a group separator)');
  const patient = readOptionalSegment<PatientSegment>(PATIENT_SEGMENT, top.byId);
  const insurance = readOptionalSegment<InsuranceSegment>(INSURANCE_SEGMENT, top.byId);
  const groups = frame.transactions.map((segments, index) => {
    const where = `in transaction ${index + 1}`;
    return { context: frame.transactions.length > 1 ? ` of transaction ${index + 1}` : '', ...sortSegments(segments, TRANSACTION_SEGMENTS_READ[code], TRANSMISSION_LEVEL_IDS, where, 'before the first transaction') };
  });
  if (code === 'E1') {
    if (count !== 1) failParse(`${fieldLabel(H.transactionCount)} of an eligibility verification is 1; got ${count}.`);
    if (groups.length > 1) failParse('An eligibility verification holds one transaction.');
    if (!insurance) failParse(`An eligibility verification has no Insurance segment (AM04).`);
    if (!patient) failParse(`An eligibility verification has no Patient segment (AM01).`);
    const group = groups[0];
    const transaction = group
      ? withOtherSegments(definedOnly<EligibilityTransaction>({
          pharmacyProvider: readOptionalSegment(PHARMACY_PROVIDER_SEGMENT, group.byId),
          prescriber: readOptionalSegment(PRESCRIBER_SEGMENT, group.byId),
        }), group.others)
      : undefined;
    return withOtherSegments(definedOnly<EligibilityRequest>({ transactionCode: 'E1', header, patient, insurance, transaction }), top.others);
  }
  if (groups.length !== count) {
    failParse(`${fieldLabel(H.transactionCount)} is ${count} but the transmission holds ${groups.length} ${groups.length === 1 ? 'transaction' : 'transactions'} (each after a group separator).`);
  }
  if (code === 'B2') {
    const transactions = groups.map((group) => {
      const claim = readRequiredSegment<ReversalClaimSegment>(REVERSAL_CLAIM_SEGMENT, group.byId, `A reversal transaction${group.context} has no Claim segment (AM07).`, group.context);
      checkReadNdc(claim, group.context);
      return withOtherSegments(definedOnly<ReversalTransaction>({ claim, pharmacyProvider: readOptionalSegment(PHARMACY_PROVIDER_SEGMENT, group.byId, group.context) }), group.others);
    });
    return withOtherSegments(definedOnly<ReversalRequest>({ transactionCode: 'B2', header, patient, insurance, transactions }), top.others);
  }
  if (!insurance) failParse(`A billing has no Insurance segment (AM04).`);
  const transactions = groups.map((group) => {
    const claim = readRequiredSegment<ClaimSegment>(CLAIM_SEGMENT, group.byId, `A billing transaction${group.context} has no Claim segment (AM07).`, group.context);
    checkReadNdc(claim, group.context);
    return withOtherSegments(definedOnly<BillingTransaction>({
      claim,
      pharmacyProvider: readOptionalSegment(PHARMACY_PROVIDER_SEGMENT, group.byId, group.context),
      prescriber: readOptionalSegment(PRESCRIBER_SEGMENT, group.byId, group.context),
      coordinationOfBenefits: readOptionalSegment(COORDINATION_OF_BENEFITS_SEGMENT, group.byId, group.context),
      durPps: readOptionalSegment(DUR_PPS_SEGMENT, group.byId, group.context),
      pricing: readRequiredSegment<PricingSegment>(PRICING_SEGMENT, group.byId, `A billing transaction${group.context} has no Pricing segment (AM11).`, group.context),
    }), group.others);
  });
  return withOtherSegments(definedOnly<BillingRequest>({ transactionCode: code, header, patient, insurance, transactions }), top.others);
}

/** Reads a request (the bytes as received, or the same ASCII text); a malformed one gives a sentence naming the field. */
export function parseClaimRequest(input: D0Input): ClaimRequestParse {
  const text = d0Text(input);
  if (!text.ok) return { ok: false, error: text.error };
  const frame = splitFrame(text.value, REQUEST_HEADER_LENGTH);
  if (!frame.ok) return { ok: false, error: frame.error };
  try {
    return { ok: true, request: readRequestFrame(frame.value) };
  } catch (error) {
    if (error instanceof D0ParseError) return { ok: false, error: error.message };
    throw error;
  }
}
