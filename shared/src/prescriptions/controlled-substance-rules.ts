/**
 * The controlled-substance rules System Settings → Controlled switches on (issue 12), as the database enforces
 * them (migration 20261125000200_controlled_substance_rules): its refusal sentences (the tests and the web read
 * the same words) and the double count's input schema (the web form and any client). The status the queue and the
 * dashboard read (public.controlled_substance_status()) and the DEA registration banner derived from it are in
 * controlled-substance-status.ts (zod/mini, for the dashboard's download).
 */
import * as z from 'zod';
import type { DeaSchedule } from './controlled-substance-status.ts';

/** The largest quantity a prescription holds (numeric(10, 2)). */
export const COUNT_QUANTITY_MAX = 99_999_999.99;

const WHERE = '(System Settings → Controlled)';

/** The database's refusals, word for word. `rx` is the prescription's label ('RX 1001'). */
export const CONTROLLED_RULE_MESSAGES = {
  scheduleDisabled: (schedule: DeaSchedule) => `This pharmacy does not dispense Schedule ${schedule} controlled substances ${WHERE}`,
  deaExpired: (expirationDate: string) =>
    `The pharmacy's DEA registration expired on ${expirationDate}: controlled substances cannot be entered or filled until it is renewed ${WHERE}`,
  doubleCountMissing: (rx: string) =>
    `${rx} is Schedule II: a second staff member (not the verifying pharmacist) must record a double count of its quantity before it is verified ${WHERE}`,
  doubleCountMismatch: (rx: string, counted: number, quantity: number) =>
    `${rx}: the double count (${counted}) does not match the quantity (${quantity}); count it again before verifying`,
  noQuantityToCount: (rx: string) => `${rx} has no quantity to count: enter the quantity, then have it double counted before verifying`,
  dailyMaximum: (filled: number, cap: number, day: string, rx: string) =>
    `The daily maximum of controlled substance fills is reached: ${filled} of ${cap} filled on ${day}; ${rx} cannot be filled that day ${WHERE}`,
  countNotControlled: (rx: string) => `${rx} is not a controlled substance; only controlled substances are double counted`,
  countNotProcessing: (rx: string, status: string) => `${rx} is ${status}; a count is recorded while it is being processed`,
  countChanged: 'A recorded count cannot be changed; record a new count instead',
} as const;

export const CONTROLLED_COUNT_MESSAGES = {
  prescription: 'Choose the prescription that was counted',
  quantity: 'Enter the quantity counted: a number greater than 0',
  quantityDecimals: 'The quantity counted has at most 2 decimals',
} as const;

/**
 * A double count as recorded (insert into public.controlled_substance_counts): the prescription and the units
 * counted. Who counted and when are the database's. The form's text input is coerced to a number.
 */
export const controlledSubstanceCountSchema = z.object({
  prescriptionId: z.uuid({ error: CONTROLLED_COUNT_MESSAGES.prescription }),
  quantityCounted: z.coerce
    .number({ error: CONTROLLED_COUNT_MESSAGES.quantity })
    .gt(0, { error: CONTROLLED_COUNT_MESSAGES.quantity })
    .max(COUNT_QUANTITY_MAX, { error: CONTROLLED_COUNT_MESSAGES.quantity })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, CONTROLLED_COUNT_MESSAGES.quantityDecimals),
});
export type ControlledSubstanceCountInput = z.input<typeof controlledSubstanceCountSchema>;
export type ControlledSubstanceCount = z.output<typeof controlledSubstanceCountSchema>;
