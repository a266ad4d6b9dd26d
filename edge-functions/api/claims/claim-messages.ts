/**
 * What goes into a D.0 transaction and what comes out of one, between the database's words and NCPDP's: the
 * begin_* functions' answer (the claim as billed, the patient, plan, prescriber, fill and prices) becomes a typed
 * request for shared/src/billing/ncpdp (B1, B3, B2, E1), and a parsed response becomes the `answer`
 * record_claim_response applies. Names and addresses go through toD0Text: D.0 carries printable ASCII only, so
 * "Zoë Muñoz" is sent as "Zoe Munoz" rather than refused. Pure: unit tests run it against the codec and the test switch.
 */
import type {
  BillingRequest, ClaimRequest, ClaimSegment, EligibilityRequest, InsuranceSegment, PatientSegment, RequestHeader, ReversalRequest,
} from '@pharmacy/shared/billing/ncpdp/d0-request.ts';
import type { ClaimResponse } from '@pharmacy/shared/billing/ncpdp/d0-response.ts';
import { toD0Text } from '@pharmacy/shared/billing/ncpdp/d0-transliterate.ts';
import { rejectCodeText } from '@pharmacy/shared/billing/ncpdp/reject-codes.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';

/** What private.claim_request / begin_eligibility_check / begin_transmission_test answer (the parts used here). */
export interface BeginPharmacy { id: string; name: string; ncpdpId: string; npi: string | null; timeZone: string }
export interface BeginPatient {
  id: string; firstName: string; lastName: string; dateOfBirth: string | null; streetAddress: string | null; city: string | null;
  state: string | null; zipCode: string | null; phone: string | null;
}
export interface BeginPlan {
  id: string; payerName: string; bin: string; pcn: string | null; groupId: string | null; cardholderId: string;
  personCode: string | null; relationshipCode: string | null;
}
export interface BeginClaim {
  claimId: string;
  transactionCode: 'B1' | 'B2' | 'B3';
  /** The token of the transmission begun: record_claim_response records only the answer that brings it back. */
  transmissionId: string;
  coverage: 'primary' | 'secondary' | 'tertiary';
  pharmacy: BeginPharmacy;
  patient: BeginPatient;
  plan: BeginPlan;
  prescriber: { npi: string | null; lastName: string | null; firstName: string | null; phone: string | null };
  fill: {
    prescriptionId: string; rxNumber: number; fillNumber: number; serviceDate: string; ndc: string; quantityThousandths: number;
    daysSupply: number; dateWritten: string | null; refillsAuthorized: number | null; prescriptionType: string;
  };
  pricing: { ingredientCostCents: number; dispensingFeeCents: number; usualAndCustomaryCents: number; grossAmountDueCents: number; basisOfCost: string };
  fixes: {
    submissionClarificationCodes: string[]; priorAuthorizationNumber: string | null;
    durPps: { reasonForService?: string; professionalService?: string; result?: string; levelOfEffort?: string }[];
  };
  otherPayers: { coverage: string; bin: string; payerName: string; adjudicatedOn: string | null; paidCents: number | null; patientResponsibilityCents: number | null }[];
  transmission: unknown;
}

/** What record_claim_response applies (its comment names the fields). */
export interface ClaimAnswer {
  responseStatus: string | null;
  authorizationNumber?: string;
  rejectCodes: string[];
  message?: string;
  additionalMessages: string[];
  pricing: { patientPayCents?: number; ingredientCostPaidCents?: number; dispensingFeePaidCents?: number; totalPaidCents?: number; otherPayerPaidCents?: number };
  dur: { reasonForService?: string; clinicalSignificance?: string; previousFillDate?: string; previousFillQuantityThousandths?: number; freeText?: string }[];
}

/** 202-B2 qualifiers: 01 NPI, 07 NCPDP provider id (the pharmacy's NCPDP number when it has no NPI on file). */
function requestHeader(pharmacy: BeginPharmacy, plan: BeginPlan, dateOfService: string): RequestHeader {
  return {
    bin: plan.bin,
    processorControlNumber: plan.pcn ?? '',
    serviceProviderIdQualifier: pharmacy.npi ? '01' : '07',
    serviceProviderId: pharmacy.npi ?? pharmacy.ncpdpId,
    dateOfService,
    softwareVendorCertificationId: '',
  };
}

function patientSegment(patient: BeginPatient): PatientSegment {
  const phone = (patient.phone ?? '').replace(/\D/g, '');
  const street = toD0Text(patient.streetAddress ?? '', 30);
  const city = toD0Text(patient.city ?? '', 20);
  const state = toD0Text(patient.state ?? '', 2);
  return {
    ...(patient.dateOfBirth ? { dateOfBirth: patient.dateOfBirth } : {}),
    genderCode: 0,
    firstName: toD0Text(patient.firstName, 12),
    lastName: toD0Text(patient.lastName, 15),
    ...(street ? { streetAddress: street } : {}),
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    ...(patient.zipCode ? { zip: patient.zipCode.replace(/\D/g, '').slice(0, 15) } : {}),
    ...(phone.length === 10 ? { phone } : {}),
  };
}

function insuranceSegment(plan: BeginPlan, patient: BeginPatient): InsuranceSegment {
  const relationship = plan.relationshipCode === null ? undefined : Number(plan.relationshipCode);
  return {
    cardholderId: plan.cardholderId,
    // The patient is the cardholder when the relationship says so (1); otherwise the card's names are not on file.
    ...(relationship === 1 ? { cardholderFirstName: toD0Text(patient.firstName, 12), cardholderLastName: toD0Text(patient.lastName, 15) } : {}),
    ...(plan.groupId ? { groupId: plan.groupId } : {}),
    ...(plan.personCode ? { personCode: plan.personCode } : {}),
    ...(relationship === undefined ? {} : { patientRelationshipCode: relationship }),
  };
}

/** 419-DJ from how the prescription came in: written 1, telephone (verbal) 2, electronic 3, fax 4. */
const ORIGIN_CODES: Readonly<Record<string, number>> = { written: 1, verbal: 2, electronic: 3, fax: 4 };

/** The billing (B1, B3) or reversal (B2) of a begun claim. */
export function claimRequestOf(begin: BeginClaim): BillingRequest | ReversalRequest {
  const header = requestHeader(begin.pharmacy, begin.plan, begin.fill.serviceDate);
  const rxNumber = String(begin.fill.rxNumber);
  if (begin.transactionCode === 'B2') {
    return {
      transactionCode: 'B2',
      header,
      insurance: insuranceSegment(begin.plan, begin.patient),
      transactions: [{ claim: { rxReferenceQualifier: '1', rxNumber, productIdQualifier: '03', productId: begin.fill.ndc, fillNumber: begin.fill.fillNumber } }],
    };
  }
  const secondary = begin.otherPayers.length > 0;
  const prescriberLastName = toD0Text(begin.prescriber.lastName ?? '', 15);
  const claim: ClaimSegment = {
    rxReferenceQualifier: '1',
    rxNumber,
    productIdQualifier: '03',
    productId: begin.fill.ndc,
    quantityDispensedThousandths: begin.fill.quantityThousandths,
    fillNumber: begin.fill.fillNumber,
    daysSupply: begin.fill.daysSupply,
    compoundCode: 1,
    dispenseAsWrittenCode: '0',
    dateWritten: begin.fill.dateWritten ?? begin.fill.serviceDate,
    ...(begin.fill.refillsAuthorized === null ? {} : { refillsAuthorized: begin.fill.refillsAuthorized }),
    ...(ORIGIN_CODES[begin.fill.prescriptionType] ? { prescriptionOriginCode: ORIGIN_CODES[begin.fill.prescriptionType] } : {}),
    ...(begin.fixes.submissionClarificationCodes.length > 0
      ? { submissionClarificationCodes: begin.fixes.submissionClarificationCodes.map(Number) } : {}),
    // 308-C8 "2": another payer paid (coordination of benefits).
    ...(secondary ? { otherCoverageCode: 2 } : {}),
    // 461-EU "1": a prior authorisation number the payer issued.
    ...(begin.fixes.priorAuthorizationNumber ? { priorAuthorizationTypeCode: 1, priorAuthorizationNumber: begin.fixes.priorAuthorizationNumber } : {}),
    unitOfMeasure: 'EA',
  };
  return {
    transactionCode: begin.transactionCode,
    header,
    patient: patientSegment(begin.patient),
    insurance: insuranceSegment(begin.plan, begin.patient),
    transactions: [{
      claim,
      ...(begin.prescriber.npi
        ? { prescriber: { prescriberIdQualifier: '01', prescriberId: begin.prescriber.npi, ...(prescriberLastName ? { prescriberLastName } : {}) } }
        : {}),
      ...(secondary ? {
        coordinationOfBenefits: {
          otherPayments: begin.otherPayers.map((payer) => ({
            // 338-5C: 01 primary, 02 secondary; 339-6C 03: the other payer's BIN.
            coverageType: payer.coverage === 'primary' ? '01' : '02',
            payerIdQualifier: '03',
            payerId: payer.bin,
            ...(payer.adjudicatedOn ? { payerDate: payer.adjudicatedOn } : {}),
            // 342-HC 07: drug benefit paid; 351-NP 06: the patient pay amount the other payer left.
            amountsPaid: [{ qualifier: '07', amountCents: payer.paidCents ?? 0 }],
            patientResponsibility: [{ qualifier: '06', amountCents: payer.patientResponsibilityCents ?? 0 }],
          })),
        },
      } : {}),
      ...(begin.fixes.durPps.length > 0 ? {
        durPps: {
          entries: begin.fixes.durPps.map((entry) => ({
            ...(entry.reasonForService ? { reasonForServiceCode: entry.reasonForService } : {}),
            ...(entry.professionalService ? { professionalServiceCode: entry.professionalService } : {}),
            ...(entry.result ? { resultOfServiceCode: entry.result } : {}),
            ...(entry.levelOfEffort ? { levelOfEffort: Number(entry.levelOfEffort) } : {}),
          })),
        },
      } : {}),
      pricing: {
        ingredientCostCents: begin.pricing.ingredientCostCents,
        dispensingFeeCents: begin.pricing.dispensingFeeCents,
        usualAndCustomaryCents: begin.pricing.usualAndCustomaryCents,
        grossAmountDueCents: begin.pricing.grossAmountDueCents,
        basisOfCostDetermination: begin.pricing.basisOfCost,
      },
    }],
  };
}

/** An eligibility check (E1) of a plan, or of the pharmacy alone for a connection test (a made-up member). */
export function eligibilityRequestOf(
  pharmacy: BeginPharmacy, serviceDate: string, member?: { patient: BeginPatient; plan: BeginPlan },
): EligibilityRequest {
  const plan: BeginPlan = member?.plan ?? {
    id: '', payerName: 'Connection test', bin: '999999', pcn: null, groupId: null, cardholderId: 'CONNECTIONTEST', personCode: null, relationshipCode: '1',
  };
  const patient: BeginPatient = member?.patient ?? {
    id: '', firstName: 'CONNECTION', lastName: 'TEST', dateOfBirth: null, streetAddress: null, city: null, state: null, zipCode: null, phone: null,
  };
  return {
    transactionCode: 'E1',
    header: requestHeader(pharmacy, plan, serviceDate),
    patient: patientSegment(patient),
    insurance: insuranceSegment(plan, patient),
  };
}

/** Additional messages (526-FQ) with their continuations (131-UG "+") joined into whole texts. */
function joinedMessages(messages: readonly { text?: string; continuity?: string }[]): string[] {
  const joined: string[] = [];
  let current = '';
  for (const message of messages) {
    current += message.text ?? '';
    if (message.continuity !== '+') {
      if (current !== '') joined.push(current);
      current = '';
    }
  }
  if (current !== '') joined.push(current);
  return joined;
}

/** The first transaction's answer in the database's words. A header rejected without a transaction is a reject. */
export function answerOf(response: ClaimResponse): ClaimAnswer {
  const transaction = response.transactions[0];
  const status = transaction?.status;
  const pricing = transaction?.pricing;
  return {
    responseStatus: status?.transactionStatus ?? (response.headerResponseStatus === 'R' ? 'R' : null),
    ...(status?.authorizationNumber ? { authorizationNumber: status.authorizationNumber } : {}),
    rejectCodes: (status?.rejects ?? []).map((reject) => reject.code),
    ...(response.message?.message ? { message: response.message.message } : {}),
    additionalMessages: joinedMessages(status?.additionalMessages ?? []),
    pricing: {
      ...(pricing?.patientPayCents === undefined ? {} : { patientPayCents: pricing.patientPayCents }),
      ...(pricing?.ingredientCostPaidCents === undefined ? {} : { ingredientCostPaidCents: pricing.ingredientCostPaidCents }),
      ...(pricing?.dispensingFeePaidCents === undefined ? {} : { dispensingFeePaidCents: pricing.dispensingFeePaidCents }),
      ...(pricing?.totalAmountPaidCents === undefined ? {} : { totalPaidCents: pricing.totalAmountPaidCents }),
      // 566-J5: what the payer counted as paid by the plans before it (a secondary claim's COB).
      ...(pricing?.otherPayerAmountRecognizedCents === undefined ? {} : { otherPayerPaidCents: pricing.otherPayerAmountRecognizedCents }),
    },
    dur: (transaction?.dur?.entries ?? []).map((entry) => ({
      ...(entry.reasonForServiceCode ? { reasonForService: entry.reasonForServiceCode } : {}),
      ...(entry.clinicalSignificanceCode ? { clinicalSignificance: entry.clinicalSignificanceCode } : {}),
      ...(entry.previousFillDate ? { previousFillDate: entry.previousFillDate } : {}),
      ...(entry.previousFillQuantityThousandths === undefined ? {} : { previousFillQuantityThousandths: entry.previousFillQuantityThousandths }),
      ...(entry.freeText ? { freeText: entry.freeText } : {}),
    })),
  };
}

/** The answer in a sentence for the screen. */
export function answerSummary(code: string, answer: ClaimAnswer | null, lastDetail?: string): string {
  if (!answer || answer.responseStatus === null) return `No answer from the claims switch${lastDetail ? `: ${lastDetail}` : ''}`;
  const rejects = answer.rejectCodes.map((rejectCode) => `${rejectCode} ${rejectCodeText(rejectCode)}`).join('; ');
  switch (answer.responseStatus) {
    case 'P':
    case 'D': {
      const paid = `Paid ${formatCents(answer.pricing.totalPaidCents ?? 0)}`;
      const patient = answer.pricing.patientPayCents === undefined ? '' : `, patient pays ${formatCents(answer.pricing.patientPayCents)}`;
      return `${answer.responseStatus === 'D' ? 'Already paid (duplicate): ' : ''}${paid}${patient}`;
    }
    case 'C':
    case 'Q':
      return 'Captured by the payer: payment to follow';
    case 'A':
    case 'S':
      return code === 'B2' ? 'Reversal accepted' : 'Approved';
    default:
      return `${code === 'B2' ? 'Reversal rejected' : 'Rejected'}${rejects ? `: ${rejects}` : ''}`;
  }
}

export type { ClaimRequest };
