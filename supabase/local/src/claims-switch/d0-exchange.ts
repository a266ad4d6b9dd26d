/**
 * The test switch's D.0 side: a transmission read with the shared codec (shared/src/billing/ncpdp) becomes the
 * engine's request (adjudicate.ts), and its decision becomes the D.0 response — status, authorisation, rejects with
 * the payer's message, pricing, the DUR responses of an 88 or the previous fill of a 79, and the plan of an E1. The
 * history learns what was paid and reversed. A transmission the codec refuses is answered with a header reject (a
 * real switch answers what it can read) when its header can be read, else not at all (the caller sees 400).
 */
import { type ClaimRequest, parseClaimRequest } from '../../../../shared/src/billing/ncpdp/d0-request.ts';
import { buildClaimResponse, type ClaimResponse, type ResponseTransaction } from '../../../../shared/src/billing/ncpdp/d0-response.ts';
import { type AdjudicationContext, adjudicate, type Decision, type SwitchRequest } from './adjudicate.ts';

export type SwitchAnswer = { ok: true; response: Uint8Array; request: ClaimRequest; decision: Decision } | { ok: false; error: string };

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
          dispensingFeePaidCents: decision.pricing.dispensingFeePaidCents, totalAmountPaidCents: decision.pricing.totalPaidCents,
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
export async function answerTransmission(body: Uint8Array, contextFor: (request: ClaimRequest) => Promise<AdjudicationContext>): Promise<SwitchAnswer> {
  const parsed = parseClaimRequest(body);
  if (!parsed.ok) return { ok: false, error: parsed.error };
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
  return { ok: true, response: buildClaimResponse(response), request, decision };
}
