/**
 * The test claims switch's remittance: what a payer paid one pharmacy over a period, as the 835 it would send
 * (shared/src/billing/remittance-835.ts builds the X12). Made from the claim history only, so it always balances:
 *   a claim paid in the period      CLP status 1 (2 when it was a secondary claim), charge the gross amount due,
 *                                    paid the plan's total, patient responsibility the patient pay; CAS PR-3 the
 *                                    patient pay (copay), OA-23 what other payers paid, CO-45 the rest of the
 *                                    difference (the contract's reduction); one SVC line with the NDC and quantity
 *   a claim reversed in the period  CLP status 22 with every amount negated (it takes the payment back)
 * The patient control number is "{Rx number}-{fill number}" as the pharmacy sends it; the payer claim control number
 * is the claim's authorization number. The payment is the claims' sum (a debit when reversals outweigh it).
 */
import {
  type ClaimAdjustment, type RemittanceClaimInput, type RemittanceInput, type RemittancePaymentMethod,
} from '../../../../shared/src/billing/remittance-835.ts';
import type { ClaimHistory, PaidClaim } from './claim-history.ts';
import type { PayerSheet } from './payer-sheet.ts';

export interface RemittanceRequest {
  /** The pharmacy's NPI (201-B1 of its claims). */
  serviceProviderId: string;
  payeeName: string;
  /** The pharmacy's NCPDP id, when known. */
  ncpdpId?: string;
  /** Claims paid or reversed from `from` through `through` (the switch's dates). */
  from: string;
  through: string;
  paymentDate: string;
  /** TRN02: the EFT trace or check number. */
  traceNumber: string;
  /** ACH when absent. */
  method?: RemittancePaymentMethod;
}

function adjustmentsOf(claim: PaidClaim, sign: 1 | -1): ClaimAdjustment[] {
  const { pricing } = claim;
  const other = pricing.otherPayerAmountRecognizedCents ?? 0;
  const contractual = claim.grossAmountDueCents - pricing.totalPaidCents - pricing.patientPayCents - other;
  const adjustments: ClaimAdjustment[] = [];
  if (contractual !== 0) adjustments.push({ group: 'CO', reasonCode: '45', amountCents: sign * contractual });
  if (other !== 0) adjustments.push({ group: 'OA', reasonCode: '23', amountCents: sign * other });
  if (pricing.patientPayCents !== 0) adjustments.push({ group: 'PR', reasonCode: '3', amountCents: sign * pricing.patientPayCents });
  return adjustments;
}

function remittanceClaim(claim: PaidClaim, sheet: PayerSheet, reversal: boolean): RemittanceClaimInput {
  const sign = reversal ? -1 : 1;
  const charge = sign * claim.grossAmountDueCents;
  const paid = sign * claim.pricing.totalPaidCents;
  return {
    patientControlNumber: `${claim.rxNumber}-${String(claim.fillNumber).padStart(2, '0')}`,
    statusCode: reversal ? '22' : claim.coordination === 'secondary' ? '2' : '1',
    chargeCents: charge,
    paidCents: paid,
    patientResponsibilityCents: sign * claim.pricing.patientPayCents,
    filingIndicator: sheet.claimFilingIndicator,
    payerClaimControlNumber: claim.authorizationNumber,
    patient: { lastName: claim.patientLastName, firstName: claim.patientFirstName, memberId: claim.cardholderId },
    receivedDate: reversal ? claim.reversedOn! : claim.paidOn,
    serviceLines: [{
      ndc11: claim.ndc11,
      chargeCents: charge,
      paidCents: paid,
      unitsPaidThousandths: sign * claim.quantityThousandths,
      serviceDate: claim.dateOfService,
      adjustments: adjustmentsOf(claim, sign),
    }],
  };
}

/** The 835 content of one payment from `sheet`'s plan to one pharmacy; null when nothing was paid or reversed. */
export function remittanceFor(history: ClaimHistory, sheet: PayerSheet, request: RemittanceRequest): RemittanceInput | null {
  const inPeriod = (date: string | undefined) => date !== undefined && request.from <= date && date <= request.through;
  const claims: RemittanceClaimInput[] = [];
  for (const claim of history.claimsOf(sheet.bin)) {
    if (claim.serviceProviderId !== request.serviceProviderId) continue;
    if (inPeriod(claim.paidOn)) claims.push(remittanceClaim(claim, sheet, false));
    if (inPeriod(claim.reversedOn)) claims.push(remittanceClaim(claim, sheet, true));
  }
  if (claims.length === 0) return null;
  return {
    payment: { method: request.method ?? 'ACH', ...(request.method === 'CHK' ? {} : { format: 'CCP' }), originatingCompanyId: sheet.originatingCompanyId, date: request.paymentDate },
    trace: { typeCode: '1', traceNumber: request.traceNumber, originatorId: sheet.originatingCompanyId },
    productionDate: request.through,
    payer: { name: sheet.name, payerId: sheet.bin },
    payee: { name: request.payeeName, npi: request.serviceProviderId, ...(request.ncpdpId === undefined ? {} : { ncpdpId: request.ncpdpId }) },
    claims,
  };
}
