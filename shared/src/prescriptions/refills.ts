/**
 * Refills (issue 21): a prescription (the prescriber's order, `prescription_orders`) is filled again and again;
 * each fill is a row of `prescriptions` with its `fillNumber` (0 the original, N refill N). The rules live in the
 * database (migration 20261128002000_refills, private.fill_from_order); this module holds what screens and the
 * api share about them: the request body, how a fill is named, and how a too-soon refusal is recognised.
 */
import * as z from 'zod';

/** The longest reason a pharmacist may give (too soon, discontinued). */
export const REFILL_REASON_MAX_LENGTH = 500;

export const REFILL_MESSAGES = {
  tooSoonReason: 'Give a reason for refilling early',
  discontinueReason: 'Give a reason for discontinuing the prescription',
  reasonTooLong: `A reason is at most ${REFILL_REASON_MAX_LENGTH} characters`,
} as const;

/** The database's too-soon refusal begins with this; the hint `refill_too_soon` says the same on the wire. */
export const REFILL_TOO_SOON_PREFIX = 'Refill too soon:';
export const REFILL_TOO_SOON_HINT = 'refill_too_soon';

/** POST /api/prescriptions/{id}/refill body: optional; a pharmacist's or admin's reason to allow a refill too soon. */
export const refillRequestSchema = z.object({
  tooSoonReason: z
    .string()
    .trim()
    .min(1, REFILL_MESSAGES.tooSoonReason)
    .max(REFILL_REASON_MAX_LENGTH, REFILL_MESSAGES.reasonTooLong)
    .optional(),
});
export type RefillRequest = z.infer<typeof refillRequestSchema>;

/** Discontinuing needs a reason (the database refuses an empty one with the same sentence). */
export const discontinueRequestSchema = z.object({
  reason: z.string().trim().min(1, REFILL_MESSAGES.discontinueReason).max(REFILL_REASON_MAX_LENGTH, REFILL_MESSAGES.reasonTooLong),
});
export type DiscontinueRequest = z.infer<typeof discontinueRequestSchema>;

/** How labels, receipts and cards name a fill: "Original" or "Refill N of M". */
export function fillLabel(fillNumber: number, refills: number): string {
  return fillNumber === 0 ? 'Original' : `Refill ${fillNumber} of ${refills}`;
}

/** Refills left after this fill (never below 0). */
export function refillsRemainingAfter(fillNumber: number, refills: number): number {
  return Math.max(0, refills - fillNumber);
}

/** Whether a refusal's message is the too-soon rule (a pharmacist may then allow it with a reason). */
export function isRefillTooSoon(message: string | null | undefined): boolean {
  return typeof message === 'string' && message.startsWith(REFILL_TOO_SOON_PREFIX);
}
