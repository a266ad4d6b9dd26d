/**
 * System Settings → Refills (issue 21): when a refill is too soon, and how long a non-controlled prescription may
 * be refilled. The database enforces both (private.refill_settings, read by private.fill_from_order for every
 * refill; migration 20261128002000_refills) with the same bounds and defaults as here, so what the tab saves is
 * what the next refill meets. Controlled substances (Schedule III–V) always expire 6 months after the date written
 * (21 CFR 1306.22); that is the law, not a setting. No secrets.
 */
import * as z from 'zod';

export const REFILL_TOO_SOON_PERCENT_MIN = 50;
export const REFILL_TOO_SOON_PERCENT_MAX = 100;
export const NON_CONTROLLED_EXPIRY_MONTHS_MIN = 1;
export const NON_CONTROLLED_EXPIRY_MONTHS_MAX = 24;

export const REFILLS_SECRET_FIELDS = [] as const;

export const REFILLS_SETTINGS_MESSAGES = {
  refillTooSoonPercent: `Refill too soon percent must be a whole number from ${REFILL_TOO_SOON_PERCENT_MIN} to ${REFILL_TOO_SOON_PERCENT_MAX}`,
  nonControlledExpiryMonths:
    `Prescription expiry must be a whole number of months from ${NON_CONTROLLED_EXPIRY_MONTHS_MIN} to ${NON_CONTROLLED_EXPIRY_MONTHS_MAX}`,
} as const;

/** A whole number from min to max; anything else (missing, text, 2.5, out of range) gets the one message. */
function wholeNumberFromTo(message: string, min: number, max: number) {
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

const refillsShape = {
  refillTooSoonPercent: wholeNumberFromTo(REFILLS_SETTINGS_MESSAGES.refillTooSoonPercent, REFILL_TOO_SOON_PERCENT_MIN, REFILL_TOO_SOON_PERCENT_MAX),
  nonControlledExpiryMonths: wholeNumberFromTo(
    REFILLS_SETTINGS_MESSAGES.nonControlledExpiryMonths,
    NON_CONTROLLED_EXPIRY_MONTHS_MIN,
    NON_CONTROLLED_EXPIRY_MONTHS_MAX,
  ),
};

/** PUT /api/system-settings/refills: what may be saved. */
export const refillsSettingsSchema = z.object(refillsShape);
export type RefillsSettingsInput = z.input<typeof refillsSettingsSchema>;
export type RefillsSettings = z.output<typeof refillsSettingsSchema>;

/** GET /api/system-settings/refills: what is stored (the same fields and bounds; nothing stored differs). */
export const refillsSettingsReadSchema = z.object(refillsShape);
export type RefillsSettingsRead = z.output<typeof refillsSettingsReadSchema>;

/**
 * Defaults — the database's own (private.refill_settings): a refill is too soon before 75% of the previous fill's
 * days supply has passed (the share most insurers allow); a non-controlled prescription expires 12 months after it
 * was written (the common state rule).
 */
export const REFILLS_SETTINGS_DEFAULTS: RefillsSettingsRead = {
  refillTooSoonPercent: 75,
  nonControlledExpiryMonths: 12,
};
