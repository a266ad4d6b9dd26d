/**
 * The forms that post to the stock ledger by hand: a receipt (lot, expiry, quantity, cost) and an adjustment
 * (units up or down with a reason). The database applies the same rules (receive_inventory, adjust_inventory in
 * migration 20261128006000_inventory_ledger) for every caller; these give the form its messages first.
 */
import * as z from 'zod';
import { centsFromDollars } from '../common/money.ts';

export const STOCK_MOVEMENT_MESSAGES = {
  quantity: 'The quantity received must be a whole number greater than 0',
  lot: 'Enter the lot number printed on the package (at most 20 characters)',
  expiration: 'Enter the expiry date printed on the package',
  cost: 'Enter the unit cost in dollars and cents, e.g. 0.25',
  change: 'An adjustment changes the stock by a whole number of units other than 0',
  reason: 'Give a reason for the adjustment (at most 500 characters)',
} as const;

export const receiptFormSchema = z.object({
  lotNumber: z.string().trim().min(1, STOCK_MOVEMENT_MESSAGES.lot).max(20, STOCK_MOVEMENT_MESSAGES.lot)
    .regex(/^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/, STOCK_MOVEMENT_MESSAGES.lot),
  expirationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, STOCK_MOVEMENT_MESSAGES.expiration),
  quantity: z.coerce.number({ error: STOCK_MOVEMENT_MESSAGES.quantity }).int(STOCK_MOVEMENT_MESSAGES.quantity)
    .min(1, STOCK_MOVEMENT_MESSAGES.quantity).max(100_000, STOCK_MOVEMENT_MESSAGES.quantity),
  unitCost: z.string().trim().refine((value) => value === '' || centsFromDollars(value) !== null, STOCK_MOVEMENT_MESSAGES.cost),
  reference: z.string().trim().max(100),
});
export type ReceiptForm = z.input<typeof receiptFormSchema>;

export const adjustmentFormSchema = z.object({
  quantityChange: z.coerce.number({ error: STOCK_MOVEMENT_MESSAGES.change }).int(STOCK_MOVEMENT_MESSAGES.change)
    .min(-100_000, STOCK_MOVEMENT_MESSAGES.change).max(100_000, STOCK_MOVEMENT_MESSAGES.change)
    .refine((value) => value !== 0, STOCK_MOVEMENT_MESSAGES.change),
  reason: z.string().trim().min(1, STOCK_MOVEMENT_MESSAGES.reason).max(500, STOCK_MOVEMENT_MESSAGES.reason),
  lotId: z.string(),
});
export type AdjustmentForm = z.input<typeof adjustmentFormSchema>;
