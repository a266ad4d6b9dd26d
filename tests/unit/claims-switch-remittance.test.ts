/**
 * The test claims switch's remittance (supabase/local/src/claims-switch/remittance.ts): claims adjudicated by the
 * engine, one reversed and rebilled, become an 835 that reads back (shared/src/billing/remittance-835.ts) with the
 * amounts paid, the reversal as CLP status 22, a secondary claim as status 2, and no balancing problem.
 */
import { describe, expect, it } from 'vitest';
import { build835, parse835 } from '../../shared/src/billing/remittance-835.ts';
import { type AdjudicationContext, type BillingRequest, adjudicate } from '../../supabase/local/src/claims-switch/adjudicate.ts';
import { ClaimHistory } from '../../supabase/local/src/claims-switch/claim-history.ts';
import { DEMO_COMMERCIAL, DEMO_MEDICAID } from '../../supabase/local/src/claims-switch/payer-sheet.ts';
import { remittanceFor } from '../../supabase/local/src/claims-switch/remittance.ts';

const PHARMACY = '1234567893';

function claim(overrides: Partial<BillingRequest> = {}): BillingRequest {
  return {
    transactionCode: 'B1', bin: '999001', pcn: 'DEMOCOM', groupId: 'DEMOGRP01', serviceProviderId: PHARMACY, dateOfService: '2026-11-02',
    cardholderId: 'DEMO000104', personCode: '001', dateOfBirth: '1979-06-11', rxNumber: '1000123', fillNumber: 2, ndc11: '00003089421',
    quantityThousandths: 60_000, daysSupply: 30,
    submitted: { ingredientCostCents: 56_000, dispensingFeeCents: 200, usualAndCustomaryCents: 58_999, grossAmountDueCents: 56_200 },
    ...overrides,
  };
}

function process(request: Parameters<typeof adjudicate>[0], context: AdjudicationContext): void {
  const decision = adjudicate(request, context);
  if (decision.kind === 'rejected') throw new Error(decision.message);
  context.history.apply(decision.changes);
}

const request = { serviceProviderId: PHARMACY, payeeName: 'Main Street Pharmacy', ncpdpId: '1234567', from: '2026-11-01', through: '2026-11-07', paymentDate: '2026-11-09', traceNumber: 'EFT202611090001' };

describe('remittanceFor', () => {
  it('a week of claims as an 835 that balances: paid (1), reversed (22), rebilled', () => {
    const history = new ClaimHistory();
    const base = { history, formulary: () => undefined, drugPrices: () => ({ awpUnitMillicents: 1_050_000 }) };
    process(claim(), { ...base, processedOn: '2026-11-02' });
    process({ transactionCode: 'B2', bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, dateOfService: '2026-11-02', rxNumber: '1000123', fillNumber: 2 }, { ...base, processedOn: '2026-11-03' });
    process(claim({ quantityThousandths: 30_000 }), { ...base, processedOn: '2026-11-03' });
    // Robert Chen's claims: one paid before the period, one at another pharmacy.
    const chen = { cardholderId: 'DEMO000102', dateOfBirth: '1961-09-02', fillNumber: 0 };
    process(claim({ ...chen, rxNumber: '1000124', dateOfService: '2026-09-20' }), { ...base, processedOn: '2026-10-20' });
    process(claim({ ...chen, rxNumber: '1000125', serviceProviderId: '1245319599' }), { ...base, processedOn: '2026-11-04' });

    const input = remittanceFor(history, DEMO_COMMERCIAL, request)!;
    const parsed = parse835(build835({ sender: { qualifier: 'ZZ', id: '999001' }, receiver: { qualifier: 'ZZ', id: PHARMACY }, controlNumber: 1, groupControlNumber: 1, createdAt: new Date('2026-11-09T12:00:00Z'), remittances: [input] }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const [advice] = parsed.file.remittances;
    if (advice?.kind !== '835') throw new Error('not read');
    expect(advice.balanceProblems).toEqual([]);
    // 60 tablets: AWP $630.00 − 17% = $522.90 + $1.50 − $40.00 copay = $484.40; 30 tablets: $261.45 + $1.50 − $40.00 = $222.95.
    expect(advice.claims.map((entry) => [entry.patientControlNumber, entry.statusCode, entry.chargeCents, entry.paidCents, entry.patientResponsibilityCents, entry.payerClaimControlNumber])).toEqual([
      ['1000123-02', '1', 56_200, 48_440, 4_000, '999001000000001'],
      ['1000123-02', '22', -56_200, -48_440, -4_000, '999001000000001'],
      ['1000123-02', '1', 56_200, 22_295, 4_000, '999001000000002'],
    ]);
    expect(advice.claims[1]!.serviceLines[0]).toMatchObject({
      ndc11: '00003089421', unitsPaidThousandths: -60_000, serviceDate: '2026-11-02',
      adjustments: [{ group: 'CO', reasonCode: '45', amountCents: -3_760 }, { group: 'PR', reasonCode: '3', amountCents: -4_000 }],
    });
    expect(advice.claims[0]!.patient).toEqual({ lastName: 'Jackson', firstName: 'Tyrone', memberId: 'DEMO000104' });
    expect(advice.payment).toMatchObject({ handlingCode: 'I', amountCents: 22_295, creditDebit: 'C', method: 'ACH', date: '2026-11-09' });
    expect(advice.trace).toEqual({ typeCode: '1', traceNumber: 'EFT202611090001', originatorId: '1999001001' });
    expect(advice.payee).toEqual({ name: 'Main Street Pharmacy', npi: PHARMACY, ncpdpId: '1234567' });
  });

  it('a secondary claim is status 2 with the other payer\'s payment as OA-23', () => {
    const history = new ClaimHistory();
    process(claim({
      bin: '999003', pcn: 'DEMOMCD', groupId: undefined, cardholderId: 'DEMO000303', dateOfBirth: '1955-12-28', ndc11: '00378212377', quantityThousandths: 30_000,
      submitted: { ingredientCostCents: 4_500, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_700 },
      otherCoverageCode: '2', otherPayers: [{ paidCents: 1_000, patientResponsibilityCents: 500 }],
    }), { history, formulary: () => undefined, drugPrices: () => ({ nadacUnitMillicents: 8_000 }), processedOn: '2026-11-02' });
    const input = remittanceFor(history, DEMO_MEDICAID, request)!;
    expect(input.claims[0]).toMatchObject({ statusCode: '2', chargeCents: 4_700, paidCents: 189, filingIndicator: 'MC' });
    // $47.00 charged: $1.89 paid, $1.00 copay, $10.00 by the other payer, $34.11 the contract's reduction.
    expect(input.claims[0]!.serviceLines![0]!.adjustments).toEqual([
      { group: 'CO', reasonCode: '45', amountCents: 3_411 }, { group: 'OA', reasonCode: '23', amountCents: 1_000 }, { group: 'PR', reasonCode: '3', amountCents: 100 },
    ]);
  });

  it('nothing paid or reversed in the period: no remittance', () => {
    expect(remittanceFor(new ClaimHistory(), DEMO_COMMERCIAL, request)).toBeNull();
  });
});
