/**
 * The test switch's D.0 side: a transmission read with the shared codec (shared/src/billing/ncpdp) becomes the
 * engine's request (adjudicate.ts), and its decision becomes the D.0 response — status, authorisation, rejects with
 * the payer's message, pricing, the DUR responses of an 88 or the previous fill of a 79, and the plan of an E1. The
 * history learns what was paid and reversed. A transmission the codec refuses is answered as a real switch does: a
 * readable D.0 response rejected at the header (501-F1 R) whose one transaction carries the reject code of the first
 * thing wrong (unreadableRejectOf) and the codec's sentence as the message — whatever the bytes were.
 */
import { GROUP_SEPARATOR } from '../../../../shared/src/billing/ncpdp/d0-framing.ts';
import {
  type ClaimRequest, D0_TRANSACTION_CODES, D0_VERSION, type D0TransactionCode, REQUEST_HEADER_LENGTH, parseClaimRequest,
} from '../../../../shared/src/billing/ncpdp/d0-request.ts';
import { buildClaimResponse, type ClaimResponse, type ResponseTransaction } from '../../../../shared/src/billing/ncpdp/d0-response.ts';
import { toD0Text } from '../../../../shared/src/billing/ncpdp/d0-transliterate.ts';
import { parseD0Date } from '../../../../shared/src/billing/ncpdp/d0-values.ts';
import { type AdjudicationContext, adjudicate, type Decision, type SwitchRequest } from './adjudicate.ts';

export type SwitchAnswer =
  | { kind: 'answered'; response: Uint8Array; request: ClaimRequest; decision: Decision }
  /** The codec could not read the transmission: `response` is the D.0 reject, `error` the codec's sentence. */
  | { kind: 'unreadable'; response: Uint8Array; rejectCode: UnreadableRejectCode; error: string };

function dateOrUndefined(value: string | undefined): string | undefined {
  return value && value !== '' ? value : undefined;
}

/** The codec's request in the engine's words. */
export function switchRequestOf(request: ClaimRequest): SwitchRequest {
  const routing = {
    bin: request.header.bin,
    ...(request.header.processorControlNumber ? { pcn: request.header.processorControlNumber } : {}),
    serviceProviderId: request.header.serviceProviderId,
    dateOfService: request.header.dateOfService,
  };
  const insured = request.insurance ? {
    cardholderId: request.insurance.cardholderId,
    ...(request.insurance.personCode ? { personCode: request.insurance.personCode } : {}),
    ...(request.insurance.groupId ? { groupId: request.insurance.groupId } : {}),
    ...(dateOrUndefined(request.patient?.dateOfBirth) ? { dateOfBirth: request.patient!.dateOfBirth! } : {}),
  } : { cardholderId: '' };
  switch (request.transactionCode) {
    case 'E1':
      return { transactionCode: 'E1', ...routing, ...insured };
    case 'B2': {
      const claim = request.transactions[0]!.claim;
      return {
        transactionCode: 'B2', ...routing, rxNumber: claim.rxNumber, fillNumber: claim.fillNumber ?? 0,
        ...(request.insurance ? { cardholderId: request.insurance.cardholderId } : {}),
      };
    }
    case 'B1':
    case 'B3': {
      const transaction = request.transactions[0]!;
      const claim = transaction.claim;
      const pricing = transaction.pricing;
      return {
        transactionCode: request.transactionCode, ...routing, ...insured,
        rxNumber: claim.rxNumber, fillNumber: claim.fillNumber, ndc11: claim.productId, quantityThousandths: claim.quantityDispensedThousandths,
        daysSupply: claim.daysSupply,
        submitted: {
          ingredientCostCents: pricing.ingredientCostCents ?? 0, dispensingFeeCents: pricing.dispensingFeeCents ?? 0,
          usualAndCustomaryCents: pricing.usualAndCustomaryCents ?? 0, grossAmountDueCents: pricing.grossAmountDueCents ?? 0,
        },
        ...(claim.submissionClarificationCodes?.length ? { submissionClarificationCodes: claim.submissionClarificationCodes.map(String) } : {}),
        ...(claim.priorAuthorizationNumber ? { priorAuthorizationNumber: claim.priorAuthorizationNumber } : {}),
        ...(transaction.durPps?.entries.length ? {
          durPps: transaction.durPps.entries.map((entry) => ({
            ...(entry.reasonForServiceCode ? { reasonForService: entry.reasonForServiceCode } : {}),
            ...(entry.professionalServiceCode ? { professionalService: entry.professionalServiceCode } : {}),
            ...(entry.resultOfServiceCode ? { result: entry.resultOfServiceCode } : {}),
          })),
        } : {}),
        ...(claim.otherCoverageCode === undefined ? {} : { otherCoverageCode: String(claim.otherCoverageCode) }),
        ...(transaction.coordinationOfBenefits?.otherPayments.length ? {
          otherPayers: transaction.coordinationOfBenefits.otherPayments.map((payment) => ({
            paidCents: (payment.amountsPaid ?? []).reduce((sum, amount) => sum + amount.amountCents, 0),
            ...(payment.patientResponsibility?.length
              ? { patientResponsibilityCents: payment.patientResponsibility.reduce((sum, amount) => sum + amount.amountCents, 0) } : {}),
            ...(payment.rejectCodes?.length ? { rejectCodes: payment.rejectCodes } : {}),
          })),
        } : {}),
      } as SwitchRequest;
    }
  }
}

/** A message as 526-FQ repetitions of 40 characters, each but the last marked to continue (131-UG "+"), at most 25. */
export function additionalMessagesOf(text: string): { qualifier: string; text: string; continuity?: string }[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length && parts.length < 25; start += 40) parts.push(text.slice(start, start + 40));
  return parts.map((part, index) => ({ qualifier: '01', text: part, ...(index < parts.length - 1 ? { continuity: '+' } : {}) }));
}

/** The engine's decision as the response's one transaction. */
export function responseTransactionOf(request: ClaimRequest, decision: Decision): ResponseTransaction {
  const claim = request.transactionCode === 'E1' ? undefined
    : { rxReferenceQualifier: '1', rxNumber: request.transactions[0]!.claim.rxNumber };
  // The decision's sentences travel as the response message (504-F4, 200 characters); what is longer goes on in
  // additional messages.
  const message = decision.message.length > 200 ? additionalMessagesOf(decision.message.slice(200)) : [];
  switch (decision.kind) {
    case 'paid':
    case 'duplicate-of-paid':
      return {
        status: { transactionStatus: decision.responseStatus, authorizationNumber: decision.authorizationNumber, additionalMessages: message },
        ...(claim ? { claim } : {}),
        pricing: {
          patientPayCents: decision.pricing.patientPayCents, ingredientCostPaidCents: decision.pricing.ingredientCostPaidCents,
          dispensingFeePaidCents: decision.pricing.dispensingFeePaidCents,
          // A secondary claim says how much of the other payers' payments it counted (566-J5).
          ...(decision.pricing.otherPayerAmountRecognizedCents === undefined ? {} : { otherPayerAmountRecognizedCents: decision.pricing.otherPayerAmountRecognizedCents }),
          totalAmountPaidCents: decision.pricing.totalPaidCents,
          basisOfReimbursement: Number(decision.pricing.basisOfReimbursement),
        },
      };
    case 'rejected': {
      const durEntries = [
        ...decision.durResponses.map((dur) => ({
          reasonForServiceCode: dur.reasonForService, clinicalSignificanceCode: dur.clinicalSignificance,
          ...(dur.otherPharmacy ? { otherPharmacyIndicator: Number(dur.otherPharmacy) } : {}),
          ...(dur.previousFillDate ? { previousFillDate: dur.previousFillDate } : {}),
          ...(dur.previousFillQuantityThousandths === undefined ? {} : { previousFillQuantityThousandths: dur.previousFillQuantityThousandths }),
          databaseIndicator: dur.database, freeText: dur.freeText.slice(0, 30),
        })),
        // A refill too soon names the fill it is too soon after (530-FU, 531-FV with reason ER, early refill).
        ...(decision.previousFill ? [{
          reasonForServiceCode: 'ER', previousFillDate: decision.previousFill.dateOfService,
          previousFillQuantityThousandths: decision.previousFill.quantityThousandths,
          freeText: `NEXT FILL ${decision.previousFill.nextFillDate}`.slice(0, 30),
        }] : []),
      ].slice(0, 9);
      return {
        status: { transactionStatus: 'R', rejects: decision.rejectCodes.map((code) => ({ code })), additionalMessages: message },
        ...(claim ? { claim } : {}),
        ...(durEntries.length > 0 ? { dur: { entries: durEntries } } : {}),
      };
    }
    case 'reversed':
    case 'reversal-duplicate':
      return { status: { transactionStatus: decision.responseStatus, authorizationNumber: decision.authorizationNumber, additionalMessages: message }, ...(claim ? { claim } : {}) };
    case 'eligible':
      return { status: { transactionStatus: 'A', additionalMessages: message } };
  }
}

/**
 * Reads a transmission, judges it, records what changed and answers it in D.0. `contextFor` gathers what the engine
 * looks up for this request (the pharmacy's formulary and the drug's prices), before it judges synchronously.
 */
export async function answerTransmission(
  body: Uint8Array, contextFor: (request: ClaimRequest) => Promise<AdjudicationContext>, today: () => string,
): Promise<SwitchAnswer> {
  const parsed = parseClaimRequest(body);
  if (!parsed.ok) {
    const { response, rejectCode } = unreadableResponse(body, parsed.error, today());
    return { kind: 'unreadable', response, rejectCode, error: parsed.error };
  }
  const request = parsed.request;
  const context = await contextFor(request);
  const decision = adjudicate(switchRequestOf(request), context);
  context.history.apply(decision.changes);
  const response: ClaimResponse = {
    transactionCode: request.transactionCode,
    headerResponseStatus: 'A',
    header: {
      serviceProviderIdQualifier: request.header.serviceProviderIdQualifier,
      serviceProviderId: request.header.serviceProviderId,
      dateOfService: request.header.dateOfService,
    },
    ...(decision.message ? { message: { message: decision.message.slice(0, 200) } } : {}),
    ...(decision.kind === 'eligible' ? {
      insurance: { ...(decision.plan.groupId ? { groupId: decision.plan.groupId } : {}), payerIdQualifier: '03', payerId: decision.plan.bin },
      patient: { firstName: decision.plan.firstName, lastName: decision.plan.lastName, dateOfBirth: decision.plan.dateOfBirth },
    } : {}),
    transactions: [responseTransactionOf(request, decision)],
  };
  return { kind: 'answered', response: buildClaimResponse(response), request, decision };
}

// ---------------------------------------------------------------------------------------------------- unreadable input

/**
 * 511-FB codes for a transmission the codec refuses (the External Code List's, in reject-codes.ts): 01 M/I BIN
 * Number, 1R Version/Release Not Supported, 1S Transaction Code/Type Not Supported, A9 M/I Transaction Count, 15 M/I
 * Date Of Service, 1U Transaction Count Does Not Match Number Of Transactions, and R8 Syntax Error for the rest
 * (bytes that are not ASCII, a short header, broken framing, segments or fields).
 */
export type UnreadableRejectCode = '01' | '1R' | '1S' | 'A9' | '15' | '1U' | 'R8';

function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

function isAllDigits(text: string): boolean {
  if (text === '') return false;
  for (let i = 0; i < text.length; i++) if (text[i]! < '0' || text[i]! > '9') return false;
  return true;
}

/** The first thing wrong with an unreadable transmission, read by position from the request header's layout. */
export function unreadableRejectOf(body: Uint8Array): UnreadableRejectCode {
  // Only the header is looked at by position; what follows is the codec's to judge (bounded by the body's 16 KB).
  const length = Math.min(body.length, REQUEST_HEADER_LENGTH);
  let header = '';
  for (let i = 0; i < length; i++) header += String.fromCharCode(body[i]!);
  if (header.length < REQUEST_HEADER_LENGTH || !isPrintable(header)) return 'R8';
  if (!isAllDigits(header.slice(0, 6))) return '01';
  if (header.slice(6, 8) !== D0_VERSION) return '1R';
  const code = header.slice(8, 10);
  if (!(D0_TRANSACTION_CODES as readonly string[]).includes(code)) return '1S';
  const count = header.slice(20, 21);
  if (count < '1' || count > '4') return 'A9';
  if (!parseD0Date(header.slice(38, 46), { ref: '401-D1', name: 'Date of service' }).ok) return '15';
  if (code !== 'E1') {
    let groups = 0;
    for (let i = REQUEST_HEADER_LENGTH; i < body.length; i++) if (body[i] === GROUP_SEPARATOR.charCodeAt(0)) groups += 1;
    if (groups !== Number(count)) return '1U';
  }
  return 'R8';
}

/**
 * The D.0 answer to a transmission the codec refuses: header status R, the request's transaction code, provider
 * and date of service echoed where they can be read (else B1 — the only codes the codec writes are the four it
 * reads — no provider, and the switch's date), one rejected transaction with the code and the codec's sentence.
 */
export function unreadableResponse(body: Uint8Array, error: string, today: string): { response: Uint8Array; rejectCode: UnreadableRejectCode } {
  const rejectCode = unreadableRejectOf(body);
  let header = '';
  for (let i = 0; i < Math.min(body.length, REQUEST_HEADER_LENGTH); i++) header += String.fromCharCode(body[i]!);
  const readable = header.length === REQUEST_HEADER_LENGTH && isPrintable(header);
  const code = header.slice(8, 10);
  const date = readable ? parseD0Date(header.slice(38, 46), { ref: '401-D1', name: 'Date of service' }) : undefined;
  const message = toD0Text(`The switch could not read the transmission: ${error}`);
  const response: ClaimResponse = {
    transactionCode: readable && (D0_TRANSACTION_CODES as readonly string[]).includes(code) ? code as D0TransactionCode : 'B1',
    headerResponseStatus: 'R',
    header: {
      serviceProviderIdQualifier: readable ? header.slice(21, 23).trim() : '',
      serviceProviderId: readable ? header.slice(23, 38).trim() : '',
      dateOfService: date?.ok ? date.value : today,
    },
    message: { message: message.slice(0, 200) },
    transactions: [{
      status: {
        transactionStatus: 'R', rejects: [{ code: rejectCode }],
        ...(message.length > 200 ? { additionalMessages: additionalMessagesOf(message.slice(200)) } : {}),
      },
    }],
  };
  return { response: buildClaimResponse(response), rejectCode };
}
