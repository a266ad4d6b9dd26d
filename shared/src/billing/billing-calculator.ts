/**
 * The billing calculator (spec part 2 §5, §9) and the Billing tab's forms, in integer cents: the fill's subtotal and
 * the insurance coverage percent give the estimated coverage and the patient's copay; a custom copay, when typed, is
 * the copay. The subtotal is the database's for the fill (GET /api/billing/{id} `share.subtotalCents`: the usual &
 * customary price the pharmacy charges for the fill), so the estimate at the default coverage equals the database's
 * own (private.fill_patient_share) and a payment is never refused for a balance the screen did not show. (§9 adds
 * the fee to the price; the database bills the fee to payers inside the gross amount due, ingredient cost + fee,
 * and the screen shows both.) Percent and dollars are read digit by digit (no float), rounded half up once, as
 * Postgres's round() does.
 */
import * as z from 'zod';
import { centsFromDollars } from '../common/money.ts';
import { CLAIM_MESSAGES, MONEY_MAX_CENTS, PAYMENT_METHODS, type PatientPaymentRequest } from './claim.ts';

export const CALCULATOR_MESSAGES = {
  coveragePercent: 'Insurance coverage is a percent from 0 to 100 (at most 2 decimals)',
} as const;

/** A whole percent is 100 basis points; coverage runs from 0 to 10,000 of them. */
export const BASIS_POINTS_PER_PERCENT = 100;
const FULL_COVERAGE_BASIS_POINTS = 100 * BASIS_POINTS_PER_PERCENT;

/** "80", "72.5", "100.00" → basis points (8000, 7250, 10000); null when not a percent from 0 to 100. */
export function coverageBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * BASIS_POINTS_PER_PERCENT + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= FULL_COVERAGE_BASIS_POINTS ? basisPoints : null;
}

/** A blank custom copay is "auto" (null); otherwise its cents, or undefined when it is not money within bounds. */
export function customCopayCents(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const cents = centsFromDollars(text);
  return cents !== null && cents <= MONEY_MAX_CENTS ? cents : undefined;
}

export interface BillingEstimateInput {
  /** The fill's price in cents (the usual & customary price). */
  subtotalCents: number;
  coverageBasisPoints: number;
  /** The custom copay in cents, or null to work it out from the coverage. */
  customCopayCents: number | null;
}

export interface BillingEstimate {
  subtotalCents: number;
  /** Insurance coverage: the subtotal times the percent, rounded half up to the cent. */
  coverageCents: number;
  /** The patient's copay: the custom copay when given, otherwise the subtotal less the coverage. */
  copayCents: number;
  /** Whether the copay is the custom one. */
  custom: boolean;
}

export function billingEstimate({ subtotalCents, coverageBasisPoints: basisPoints, customCopayCents: custom }: BillingEstimateInput): BillingEstimate {
  const subtotal = Math.max(0, Math.trunc(subtotalCents));
  const points = Math.min(Math.max(0, Math.trunc(basisPoints)), FULL_COVERAGE_BASIS_POINTS);
  // Half up: add half the divisor before the integer division (all values are non-negative).
  const coverageCents = Math.floor((subtotal * points + FULL_COVERAGE_BASIS_POINTS / 2) / FULL_COVERAGE_BASIS_POINTS);
  return {
    subtotalCents: subtotal,
    coverageCents,
    copayCents: custom ?? subtotal - coverageCents,
    custom: custom !== null,
  };
}

/** The calculator's two inputs as typed (spec §5: coverage 0–100, default 80; custom copay min 0, step 0.01, blank = auto). */
export const calculatorFormSchema = z.object({
  coveragePercent: z.string().refine((text) => coverageBasisPoints(text) !== null, CALCULATOR_MESSAGES.coveragePercent),
  customCopay: z.string().refine((text) => customCopayCents(text) !== undefined, CLAIM_MESSAGES.customCopay),
});
export type CalculatorForm = z.infer<typeof calculatorFormSchema>;

/** The estimate for what is typed; null while an input is not valid. */
export function estimateFromForm(subtotalCents: number, form: CalculatorForm): BillingEstimate | null {
  const points = coverageBasisPoints(form.coveragePercent);
  const copay = customCopayCents(form.customCopay);
  if (points === null || copay === undefined) return null;
  return billingEstimate({ subtotalCents, coverageBasisPoints: points, customCopayCents: copay });
}

/** Process Payment as typed: the amount in dollars, the method, a reference (check number, card's last four). */
export const paymentFormSchema = z.object({
  amount: z.string().refine((text) => {
    const cents = centsFromDollars(text);
    return cents !== null && cents >= 1 && cents <= MONEY_MAX_CENTS;
  }, CLAIM_MESSAGES.amount),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(40, CLAIM_MESSAGES.reference),
});
export type PaymentForm = z.input<typeof paymentFormSchema>;

/** A valid Process Payment form as the api's request (POST /api/billing/{id}/payments). */
export function paymentRequestFromForm(form: PaymentForm): PatientPaymentRequest {
  const parsed = paymentFormSchema.parse(form);
  const reference = parsed.reference.trim();
  return { amountCents: centsFromDollars(parsed.amount)!, method: parsed.method, ...(reference === '' ? {} : { reference }) };
}
