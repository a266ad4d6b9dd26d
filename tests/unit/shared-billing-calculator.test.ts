/**
 * shared/src/billing/billing-calculator.ts and claim-fix-codes.ts: the calculator's estimate in integer cents (spec
 * part 2 §5, §9; equal to the database's estimate, private.fill_patient_share: round(price × percent / 100), half up),
 * the typed percent and dollars read digit by digit, Process Payment's form as the api's request, and the NCPDP
 * values a guided fix offers.
 */
import { describe, expect, it } from 'vitest';
import {
  billingEstimate, CALCULATOR_MESSAGES, calculatorFormSchema, coverageBasisPoints, customCopayCents, estimateFromForm,
  paymentFormSchema, paymentRequestFromForm,
} from '../../shared/src/billing/billing-calculator.ts';
import {
  codeOptionLabel, DUR_PROFESSIONAL_SERVICE_OPTIONS, DUR_REASON_OPTIONS, DUR_RESULT_OPTIONS, SUBMISSION_CLARIFICATION_OPTIONS,
} from '../../shared/src/billing/claim-fix-codes.ts';
import { CLAIM_MESSAGES, claimFixesSchema } from '../../shared/src/billing/claim.ts';

describe('coverageBasisPoints', () => {
  it('reads whole and decimal percents from 0 to 100 as hundredths of a percent', () => {
    expect(coverageBasisPoints('80')).toBe(8000);
    expect(coverageBasisPoints(' 72.5 ')).toBe(7250);
    expect(coverageBasisPoints('33.33')).toBe(3333);
    expect(coverageBasisPoints('0')).toBe(0);
    expect(coverageBasisPoints('100')).toBe(10000);
    expect(coverageBasisPoints('100.00')).toBe(10000);
    expect(coverageBasisPoints('80%')).toBe(8000);
  });

  it('refuses what is not a percent from 0 to 100 with at most 2 decimals', () => {
    for (const text of ['', '100.01', '101', '-5', '1e2', '80.125', 'eighty', '.5', '0x50']) expect(coverageBasisPoints(text), text).toBeNull();
  });
});

describe('customCopayCents', () => {
  it('is null (auto) when blank, cents when money, undefined when not', () => {
    expect(customCopayCents('')).toBeNull();
    expect(customCopayCents('   ')).toBeNull();
    expect(customCopayCents('10')).toBe(1000);
    expect(customCopayCents('$4.05')).toBe(405);
    expect(customCopayCents('0')).toBe(0);
    expect(customCopayCents('100,000.00')).toBe(10_000_000);
    expect(customCopayCents('100000.01')).toBeUndefined();
    expect(customCopayCents('-1')).toBeUndefined();
    expect(customCopayCents('1.234')).toBeUndefined();
  });
});

describe('billingEstimate', () => {
  it('covers the percent of the subtotal and leaves the rest to the patient (spec default 80%)', () => {
    expect(billingEstimate({ subtotalCents: 1500, coverageBasisPoints: 8000, customCopayCents: null }))
      .toEqual({ subtotalCents: 1500, coverageCents: 1200, copayCents: 300, custom: false });
    // $6.99 at 80%: $5.592 covered → $5.59, the patient pays $1.40 (what the database estimates).
    expect(billingEstimate({ subtotalCents: 699, coverageBasisPoints: 8000, customCopayCents: null }))
      .toEqual({ subtotalCents: 699, coverageCents: 559, copayCents: 140, custom: false });
  });

  it('rounds the coverage half up to the cent, once', () => {
    // $10.01 at 50% is $5.005: $5.01 covered, $5.00 for the patient.
    expect(billingEstimate({ subtotalCents: 1001, coverageBasisPoints: 5000, customCopayCents: null })).toMatchObject({ coverageCents: 501, copayCents: 500 });
    // $12.50 at 72.5% is $9.0625: $9.06.
    expect(billingEstimate({ subtotalCents: 1250, coverageBasisPoints: 7250, customCopayCents: null })).toMatchObject({ coverageCents: 906, copayCents: 344 });
  });

  it('covers nothing at 0% and everything at 100%', () => {
    expect(billingEstimate({ subtotalCents: 4599, coverageBasisPoints: 0, customCopayCents: null })).toMatchObject({ coverageCents: 0, copayCents: 4599 });
    expect(billingEstimate({ subtotalCents: 4599, coverageBasisPoints: 10000, customCopayCents: null })).toMatchObject({ coverageCents: 4599, copayCents: 0 });
  });

  it('takes a custom copay as the copay, even $0.00', () => {
    expect(billingEstimate({ subtotalCents: 1500, coverageBasisPoints: 8000, customCopayCents: 0 })).toEqual({ subtotalCents: 1500, coverageCents: 1200, copayCents: 0, custom: true });
    expect(billingEstimate({ subtotalCents: 1500, coverageBasisPoints: 8000, customCopayCents: 1000 })).toMatchObject({ copayCents: 1000, custom: true });
  });
});

describe('the calculator form', () => {
  it('estimates only from valid input', () => {
    expect(estimateFromForm(2750, { coveragePercent: '80', customCopay: '' })).toMatchObject({ coverageCents: 2200, copayCents: 550 });
    expect(estimateFromForm(2750, { coveragePercent: '80', customCopay: '5' })).toMatchObject({ copayCents: 500, custom: true });
    expect(estimateFromForm(2750, { coveragePercent: '120', customCopay: '' })).toBeNull();
    expect(estimateFromForm(2750, { coveragePercent: '80', customCopay: 'ten' })).toBeNull();
  });

  it('says what is wrong in the spec\'s bounds', () => {
    const parsed = calculatorFormSchema.safeParse({ coveragePercent: '120', customCopay: '-1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['coveragePercent', CALCULATOR_MESSAGES.coveragePercent],
      ['customCopay', CLAIM_MESSAGES.customCopay],
    ]);
  });
});

describe('Process Payment', () => {
  it('sends the amount in cents, the method and a trimmed reference', () => {
    expect(paymentRequestFromForm({ amount: '12.50', method: 'card', reference: ' 4242 ' })).toEqual({ amountCents: 1250, method: 'card', reference: '4242' });
    expect(paymentRequestFromForm({ amount: '$1,000', method: 'check', reference: '1043' })).toEqual({ amountCents: 100000, method: 'check', reference: '1043' });
  });

  it('leaves a blank reference out', () => {
    expect(paymentRequestFromForm({ amount: '3', method: 'cash', reference: '  ' })).toEqual({ amountCents: 300, method: 'cash' });
  });

  it('refuses nothing, too much, and a long reference with the database\'s messages', () => {
    const messages = (form: Parameters<typeof paymentFormSchema.safeParse>[0]) => paymentFormSchema.safeParse(form).error?.issues.map((issue) => issue.message);
    expect(messages({ amount: '0', method: 'cash', reference: '' })).toEqual([CLAIM_MESSAGES.amount]);
    expect(messages({ amount: '100000.01', method: 'cash', reference: '' })).toEqual([CLAIM_MESSAGES.amount]);
    expect(messages({ amount: '', method: 'cash', reference: '' })).toEqual([CLAIM_MESSAGES.amount]);
    expect(messages({ amount: '1', method: 'cash', reference: 'x'.repeat(41) })).toEqual([CLAIM_MESSAGES.reference]);
    expect(paymentFormSchema.safeParse({ amount: '1', method: 'bitcoin', reference: '' }).success).toBe(false);
  });
});

describe('the guided fix\'s NCPDP values', () => {
  it('offers submission clarification codes the claim accepts (1–2 digits), named as in the External Code List', () => {
    expect(codeOptionLabel(SUBMISSION_CLARIFICATION_OPTIONS, '3')).toBe('3 – Vacation supply');
    expect(codeOptionLabel(SUBMISSION_CLARIFICATION_OPTIONS, '7')).toBe('7 – Medically necessary');
    expect(codeOptionLabel(SUBMISSION_CLARIFICATION_OPTIONS, '99')).toBe('99');
    for (const option of SUBMISSION_CLARIFICATION_OPTIONS) {
      expect(claimFixesSchema.safeParse({ submissionClarificationCodes: [option.value] }).success, option.value).toBe(true);
    }
  });

  it('offers DUR/PPS codes the claim accepts (two characters each)', () => {
    expect(codeOptionLabel(DUR_REASON_OPTIONS, 'DD')).toBe('DD – Drug-drug interaction');
    expect(codeOptionLabel(DUR_PROFESSIONAL_SERVICE_OPTIONS, 'M0')).toBe('M0 – Prescriber consulted');
    expect(codeOptionLabel(DUR_RESULT_OPTIONS, '1G')).toBe('1G – Filled with prescriber approval');
    const entries = DUR_REASON_OPTIONS.map((reason, index) => ({
      reasonForService: reason.value,
      professionalService: DUR_PROFESSIONAL_SERVICE_OPTIONS[index % DUR_PROFESSIONAL_SERVICE_OPTIONS.length]!.value,
      result: DUR_RESULT_OPTIONS[index % DUR_RESULT_OPTIONS.length]!.value,
    }));
    for (const entry of entries) expect(claimFixesSchema.safeParse({ durPps: [entry] }).success, JSON.stringify(entry)).toBe(true);
  });
});
