/**
 * System Settings → Billing (spec part 2 §9 "Dispensing fee fixed at 12.50 ... Default coverage 80%"; the fixed fee
 * is a placeholder, each pharmacy sets its own): the dispensing fee billed with every fill's claim, the coverage the
 * price calculator assumes when no claim was paid, and after how many days a paid fill not picked up is reversed and
 * returned to stock by the daily job. The database applies the group (private.billing_settings, claims migration)
 * with the same bounds and defaults as here, so what the tab saves is what the next claim and the next daily run
 * meet. Money is integer cents (the tab shows and takes dollars, shared/src/common/money.ts). No secrets.
 */
import * as z from 'zod';
import { formatCents } from '../common/money.ts';

export const DISPENSING_FEE_CENTS_MIN = 0;
/** $1,000.00: far above any real fee, low enough that a slip of the decimal point is refused. */
export const DISPENSING_FEE_CENTS_MAX = 100_000;
export const DEFAULT_COVERAGE_PERCENT_MIN = 0;
export const DEFAULT_COVERAGE_PERCENT_MAX = 100;
export const RETURN_TO_STOCK_DAYS_MIN = 1;
export const RETURN_TO_STOCK_DAYS_MAX = 60;

export const BILLING_SECRET_FIELDS = [] as const;

export const BILLING_SETTINGS_MESSAGES = {
  dispensingFeeCents:
    `Dispensing fee must be an amount in dollars and cents from ${formatCents(DISPENSING_FEE_CENTS_MIN)} to ${formatCents(DISPENSING_FEE_CENTS_MAX)}`,
  defaultCoveragePercent:
    `Default insurance coverage must be a whole number from ${DEFAULT_COVERAGE_PERCENT_MIN} to ${DEFAULT_COVERAGE_PERCENT_MAX} percent`,
  returnToStockDays:
    `Return to stock must be a whole number of days from ${RETURN_TO_STOCK_DAYS_MIN} to ${RETURN_TO_STOCK_DAYS_MAX}`,
} as const;

/** A whole number from min to max; anything else (missing, text, 2.5, NaN from an empty box, out of range) gets the one message. */
function wholeNumberFromTo(message: string, min: number, max: number) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const billingShape = {
  dispensingFeeCents: wholeNumberFromTo(BILLING_SETTINGS_MESSAGES.dispensingFeeCents, DISPENSING_FEE_CENTS_MIN, DISPENSING_FEE_CENTS_MAX),
  defaultCoveragePercent: wholeNumberFromTo(
    BILLING_SETTINGS_MESSAGES.defaultCoveragePercent,
    DEFAULT_COVERAGE_PERCENT_MIN,
    DEFAULT_COVERAGE_PERCENT_MAX,
  ),
  returnToStockDays: wholeNumberFromTo(BILLING_SETTINGS_MESSAGES.returnToStockDays, RETURN_TO_STOCK_DAYS_MIN, RETURN_TO_STOCK_DAYS_MAX),
};

/** PUT /api/system-settings/billing: what may be saved. */
export const billingSettingsSchema = z.object(billingShape);
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;
export type BillingSettings = z.output<typeof billingSettingsSchema>;

/** GET /api/system-settings/billing: what is stored (the same fields and bounds; nothing stored differs). */
export const billingSettingsReadSchema = z.object(billingShape);
export type BillingSettingsRead = z.output<typeof billingSettingsReadSchema>;

/**
 * Defaults — the database's own (private.billing_settings): §9's dispensing fee of $12.50 and coverage of 80%; a
 * paid fill not picked up within 14 days goes back to stock (the window Medicare Part D gives a pharmacy to reverse
 * the claim of a prescription not picked up).
 */
export const BILLING_SETTINGS_DEFAULTS: BillingSettingsRead = {
  dispensingFeeCents: 1250,
  defaultCoveragePercent: 80,
  returnToStockDays: 14,
};
