/**
 * The test claims switch's pricing (supabase/local/src/claims-switch/adjudicate.ts): unit prices in millicents to
 * exact cents (half up, no floats), the lesser-of with its basis of reimbursement (01 submitted, 03 AWP − x%, 07 MAC
 * or NADAC, 04 U&C), the copay never above the allowed amount, and a secondary's share. Every figure by hand.
 */
import { describe, expect, it } from 'vitest';
import { type AllowedAmount, allowedAmount, costCents, paidPricing } from '../../supabase/local/src/claims-switch/adjudicate.ts';
import { DEMO_COMMERCIAL, DEMO_MEDICAID, DEMO_PART_D } from '../../supabase/local/src/claims-switch/payer-sheet.ts';

const submitted = { ingredientCostCents: 4_500, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_700 };

describe('costCents', () => {
  it('multiplies exactly and rounds half up', () => {
    expect(costCents(9_500, 30_000)).toBe(285); // $0.095 × 30
    expect(costCents(500, 1_000)).toBe(1); // half a cent rounds up
    expect(costCents(499, 1_000)).toBe(0);
    // $1.23457 × 7.5 = $9.2592750, less 17% = $7.68519825 → $7.69
    expect(costCents(123_457, 7_500, 1_700)).toBe(769);
    // $10.50 × 60 less 17% = $522.90
    expect(costCents(1_050_000, 60_000, 1_700)).toBe(52_290);
  });

  it('stays exact past 2^53: $9,999.99999 a unit × 9,999,999.999 units', () => {
    // 999,999,999 × 9,999,999,999 = 9,999,999,989,000,000,001 (millicents × thousandths); ÷ 10^6 → cents.
    expect(costCents(999_999_999, 9_999_999_999)).toBe(9_999_999_989_000);
  });
});

describe('allowedAmount: the lesser of', () => {
  const claim = { ndc11: '00378212377', quantityThousandths: 30_000, submitted };

  it('the plan\'s MAC list (07): 30 × $0.095 = $2.85 + the $1.50 fee', () => {
    expect(allowedAmount(DEMO_COMMERCIAL, claim, undefined)).toEqual({ ingredientCostCents: 285, dispensingFeeCents: 150, basisOfReimbursement: '07' });
    // Part D's list: 30 × $0.09 = $2.70 + $1.00.
    expect(allowedAmount(DEMO_PART_D, claim, undefined)).toEqual({ ingredientCostCents: 270, dispensingFeeCents: 100, basisOfReimbursement: '07' });
  });

  it('AWP − 17% (03) when under the MAC: 30 × $0.10 = $3.00 less 17% = $2.49', () => {
    expect(allowedAmount(DEMO_COMMERCIAL, claim, { awpUnitMillicents: 10_000 })).toEqual({ ingredientCostCents: 249, dispensingFeeCents: 150, basisOfReimbursement: '03' });
  });

  it('the submitted cost (01) when it is the least, and on a tie', () => {
    const cheap = { ...claim, submitted: { ...submitted, ingredientCostCents: 200 } };
    expect(allowedAmount(DEMO_COMMERCIAL, cheap, { awpUnitMillicents: 10_000 })).toEqual({ ingredientCostCents: 200, dispensingFeeCents: 150, basisOfReimbursement: '01' });
    const tie = { ...claim, submitted: { ...submitted, ingredientCostCents: 285 } };
    expect(allowedAmount(DEMO_COMMERCIAL, tie, undefined).basisOfReimbursement).toBe('01');
    const unpriced = { ...claim, ndc11: '00003089421' };
    expect(allowedAmount(DEMO_COMMERCIAL, unpriced, undefined)).toEqual({ ingredientCostCents: 4_500, dispensingFeeCents: 150, basisOfReimbursement: '01' });
  });

  it('the U&C (04) when under the cost and fee: paid as the ingredient cost, no fee', () => {
    const uc = { ...claim, submitted: { ...submitted, usualAndCustomaryCents: 400 } };
    expect(allowedAmount(DEMO_COMMERCIAL, uc, undefined)).toEqual({ ingredientCostCents: 400, dispensingFeeCents: 0, basisOfReimbursement: '04' });
    const equal = { ...claim, submitted: { ...submitted, usualAndCustomaryCents: 435 } };
    expect(allowedAmount(DEMO_COMMERCIAL, equal, undefined).basisOfReimbursement).toBe('07');
  });

  it('Medicaid: NADAC as its MAC + $10.49; AWP − 20% without a NADAC', () => {
    // 30 × $0.07 = $2.10 under AWP − 20%, 30 × $0.10 × 0.8 = $2.40.
    expect(allowedAmount(DEMO_MEDICAID, claim, { nadacUnitMillicents: 7_000, awpUnitMillicents: 10_000 })).toEqual({ ingredientCostCents: 210, dispensingFeeCents: 1_049, basisOfReimbursement: '07' });
    expect(allowedAmount(DEMO_MEDICAID, claim, { awpUnitMillicents: 10_000 })).toEqual({ ingredientCostCents: 240, dispensingFeeCents: 1_049, basisOfReimbursement: '03' });
    // The commercial MAC list does not apply to Medicaid.
    expect(allowedAmount(DEMO_MEDICAID, claim, undefined).basisOfReimbursement).toBe('01');
  });

  it('refuses unit prices that are not whole millicents (the caller\'s data, not the claim)', () => {
    expect(() => allowedAmount(DEMO_COMMERCIAL, claim, { awpUnitMillicents: 1.5 })).toThrow('The AWP per unit of 00378212377 must be whole millicents from 0; got 1.5.');
  });
});

describe('paidPricing', () => {
  const allowed: AllowedAmount = { ingredientCostCents: 2_249, dispensingFeeCents: 150, basisOfReimbursement: '03' };

  it('primary: the plan pays the allowed amount less the copay', () => {
    expect(paidPricing(allowed, 1_500, { kind: 'primary' })).toEqual({ ingredientCostPaidCents: 2_249, dispensingFeePaidCents: 150, patientPayCents: 1_500, totalPaidCents: 899, basisOfReimbursement: '03' });
  });

  it('the copay is never above the allowed amount', () => {
    expect(paidPricing(allowed, 4_000, { kind: 'primary' })).toMatchObject({ patientPayCents: 2_399, totalPaidCents: 0 });
    expect(paidPricing(allowed, 2_399, { kind: 'primary' })).toMatchObject({ patientPayCents: 2_399, totalPaidCents: 0 });
    expect(paidPricing(allowed, 0, { kind: 'primary' })).toMatchObject({ patientPayCents: 0, totalPaidCents: 2_399 });
  });

  it('secondary: what is left of the responsibility, up to the allowed amount less the other payments', () => {
    // $23.99 allowed − $20.00 paid = $3.99 at most; $5.00 left to the patient by the primary: $3.99, $1.00 of it the copay.
    expect(paidPricing(allowed, 100, { kind: 'secondary', otherPaidCents: 2_000, responsibilityCents: 500 })).toEqual({
      ingredientCostPaidCents: 2_249, dispensingFeePaidCents: 150, patientPayCents: 100, totalPaidCents: 299, basisOfReimbursement: '03', otherPayerAmountRecognizedCents: 2_000,
    });
    expect(paidPricing(allowed, 100, { kind: 'secondary', otherPaidCents: 2_000, responsibilityCents: 50 })).toMatchObject({ patientPayCents: 50, totalPaidCents: 0 });
    expect(paidPricing(allowed, 100, { kind: 'secondary', otherPaidCents: 3_000, responsibilityCents: 500 })).toMatchObject({ patientPayCents: 0, totalPaidCents: 0 });
  });
});
