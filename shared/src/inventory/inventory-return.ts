/**
 * Returns (spec part 2 §3 Return, Return status): the Create Return form, the credits of Process Pending Returns, and
 * a row of public.inventory_return_page as the Returns tab shows it (money in cents). The database applies the same
 * rules for every caller (create_inventory_return, process_inventory_returns in migration
 * 20261129003500_inventory_returns); these give the form the database's messages first.
 */
import * as z from 'zod';
import { centsFromDollars } from '../common/money.ts';

export const RETURN_REASONS = ['expired', 'damaged', 'recalled', 'overstock', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  expired: 'Expired', damaged: 'Damaged', recalled: 'Recalled', overstock: 'Overstock', other: 'Other',
};

export const RETURN_DESTINATIONS = ['wholesaler', 'reverse_distributor', 'destruction'] as const;
export type ReturnDestination = (typeof RETURN_DESTINATIONS)[number];
export const RETURN_DESTINATION_LABELS: Record<ReturnDestination, string> = {
  wholesaler: 'Wholesaler (for credit)', reverse_distributor: 'Reverse distributor', destruction: 'Destruction',
};

/** Spec: pending, processed; a pending return may also be cancelled (its units go back on the shelf). */
export const RETURN_STATUSES = ['pending', 'processed', 'cancelled'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = { pending: 'Pending', processed: 'Processed', cancelled: 'Cancelled' };
export const RETURN_FILTERS = ['all', ...RETURN_STATUSES] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];

/** The database's messages (constraint comments and create_inventory_return). */
export const RETURN_MESSAGES = {
  lot: 'Choose the lot the units come from',
  quantity: 'The quantity returned must be a whole number greater than 0',
  reason: 'Choose why the stock is returned: expired, damaged, recalled, overstock or other',
  reasonDetail: 'Describe the reason (at most 500 characters); it is required when the reason is other',
  destination: 'Choose where the stock goes: a wholesaler, a reverse distributor or destruction',
  wholesaler: 'Choose the wholesaler that takes the return',
  reverseDistributorMissing: 'Enter the reverse distributor\'s name',
  reverseDistributor: 'The reverse distributor\'s name is 1 to 80 characters',
  rma: 'The RMA or authorization number is 1 to 30 letters, digits or hyphens',
  form222: 'A Schedule II return needs the DEA Form 222 number issued by the wholesaler or reverse distributor receiving it',
  form222Format: 'The DEA Form 222 number is 1 to 20 letters, digits or hyphens',
  scheduleIiDestruction: 'Schedule II stock is not destroyed here: send it to a reverse distributor, or record its destruction on DEA Form 41 with two witnesses',
  credit: 'Enter the credit in dollars and cents, e.g. 12.50',
  cancelReason: 'Give the reason for cancelling the return (at most 500 characters)',
} as const;

/** The most units one return takes (a lot holds fewer; the database refuses more than the lot holds). */
export const MAX_RETURN_UNITS = 100_000;

/**
 * The Create Return form as typed. `scheduleIi` is the chosen product's (the Form 222 rule); lot and quantity are
 * checked against the lot by the database.
 */
export const createReturnFormSchema = z.object({
  scheduleIi: z.boolean(),
  lotId: z.string().min(1, RETURN_MESSAGES.lot),
  quantity: z.coerce.number({ error: RETURN_MESSAGES.quantity }).int(RETURN_MESSAGES.quantity)
    .min(1, RETURN_MESSAGES.quantity).max(MAX_RETURN_UNITS, RETURN_MESSAGES.quantity),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
  reasonDetail: z.string().trim().max(500, RETURN_MESSAGES.reasonDetail),
  destination: z.enum(RETURN_DESTINATIONS, { error: RETURN_MESSAGES.destination }),
  wholesalerId: z.string(),
  reverseDistributor: z.string().trim().max(80, RETURN_MESSAGES.reverseDistributor),
  rmaNumber: z.string().trim().refine((value) => value === '' || /^[A-Za-z0-9-]{1,30}$/.test(value), RETURN_MESSAGES.rma),
  deaForm222Number: z.string().trim().refine((value) => value === '' || /^[A-Za-z0-9-]{1,20}$/.test(value), RETURN_MESSAGES.form222Format),
}).superRefine((form, context) => {
  if (form.reason === 'other' && form.reasonDetail === '') {
    context.addIssue({ code: 'custom', path: ['reasonDetail'], message: RETURN_MESSAGES.reasonDetail });
  }
  if (form.destination === 'wholesaler' && form.wholesalerId === '') {
    context.addIssue({ code: 'custom', path: ['wholesalerId'], message: RETURN_MESSAGES.wholesaler });
  }
  if (form.destination === 'reverse_distributor' && form.reverseDistributor === '') {
    context.addIssue({ code: 'custom', path: ['reverseDistributor'], message: RETURN_MESSAGES.reverseDistributorMissing });
  }
  if (form.scheduleIi && form.destination === 'destruction') {
    context.addIssue({ code: 'custom', path: ['destination'], message: RETURN_MESSAGES.scheduleIiDestruction });
  }
  if (form.scheduleIi && form.deaForm222Number === '') {
    context.addIssue({ code: 'custom', path: ['deaForm222Number'], message: RETURN_MESSAGES.form222 });
  }
});
export type CreateReturnForm = z.input<typeof createReturnFormSchema>;

/** create_inventory_return's arguments from a valid form: only what the destination uses, blanks left out. */
export function createReturnArguments(form: z.output<typeof createReturnFormSchema>): {
  lot_id: string; quantity: number; reason: ReturnReason; destination: ReturnDestination; reason_detail?: string;
  wholesaler_id?: string; reverse_distributor?: string; rma_number?: string; dea_form_222_number?: string;
} {
  return {
    lot_id: form.lotId,
    quantity: form.quantity,
    reason: form.reason,
    destination: form.destination,
    ...(form.reasonDetail ? { reason_detail: form.reasonDetail } : {}),
    ...(form.destination === 'wholesaler' ? { wholesaler_id: form.wholesalerId } : {}),
    ...(form.destination === 'reverse_distributor' ? { reverse_distributor: form.reverseDistributor } : {}),
    ...(form.rmaNumber ? { rma_number: form.rmaNumber } : {}),
    ...(form.scheduleIi && form.deaForm222Number ? { dea_form_222_number: form.deaForm222Number } : {}),
  };
}

/**
 * Process Pending Returns' credits as typed, one per return ("12.50", "$1,234", "0") → {returnId: cents}, or the
 * returns whose credit cannot be read. A destruction's blank credit is 0 (nothing comes back for it).
 */
export function creditsFromText(
  returns: readonly { id: string; destination: ReturnDestination }[],
  typed: Readonly<Record<string, string>>,
): { credits: Record<string, number>; unreadable: string[] } {
  const credits: Record<string, number> = {};
  const unreadable: string[] = [];
  for (const item of returns) {
    const text = (typed[item.id] ?? '').trim();
    const cents = text === '' && item.destination === 'destruction' ? 0 : centsFromDollars(text);
    if (cents === null) unreadable.push(item.id);
    else credits[item.id] = cents;
  }
  return { credits, unreadable };
}

/** A credit field's starting text: the return's value (what a full credit would be), blank when unknown. */
export function suggestedCreditText(item: { destination: ReturnDestination; totalValueCents: number | null }): string {
  if (item.destination === 'destruction') return '0.00';
  if (item.totalValueCents === null) return '';
  return `${Math.floor(item.totalValueCents / 100)}.${String(item.totalValueCents % 100).padStart(2, '0')}`;
}

/** One row of public.inventory_return_page as the Returns tab shows it (spec §3 Return). */
export interface InventoryReturn {
  id: string;
  medicationId: string;
  productName: string;
  strength: string | null;
  ndc: string | null;
  deaSchedule: string | null;
  lotId: string;
  lotNumber: string;
  expirationDate: string | null;
  quantity: number;
  reason: ReturnReason;
  reasonDetail: string | null;
  destination: ReturnDestination;
  wholesalerId: string | null;
  wholesalerName: string | null;
  reverseDistributor: string | null;
  unitCostCents: number | null;
  totalValueCents: number | null;
  rmaNumber: string | null;
  deaForm222Number: string | null;
  status: ReturnStatus;
  creditCents: number | null;
  cancelReason: string | null;
  returnDate: string;
  createdByName: string | null;
  processedAt: string | null;
  processedByName: string | null;
  cancelledAt: string | null;
}

const returnRowSchema = z.object({
  id: z.string(), medication_id: z.string(), product_name: z.string(), strength: z.string().nullable(),
  ndc_number: z.string().nullable(), dea_schedule: z.string().nullable(), lot_id: z.string(), lot_number: z.string(),
  expiration_date: z.string().nullable(), quantity: z.number().int(), reason: z.enum(RETURN_REASONS),
  reason_detail: z.string().nullable(), destination: z.enum(RETURN_DESTINATIONS), wholesaler_id: z.string().nullable(),
  wholesaler_name: z.string().nullable(), reverse_distributor: z.string().nullable(), unit_cost_cents: z.number().int().nullable(),
  // bigint columns arrive as numbers from PostgREST (values here stay far below 2^53).
  total_value_cents: z.coerce.number().int().nullable(), rma_number: z.string().nullable(), dea_form_222_number: z.string().nullable(),
  status: z.enum(RETURN_STATUSES), credit_cents: z.coerce.number().int().nullable(), cancel_reason: z.string().nullable(),
  created_at: z.string(), created_by_name: z.string().nullable(), processed_at: z.string().nullable(),
  processed_by_name: z.string().nullable(), cancelled_at: z.string().nullable(),
});

/** A page row → InventoryReturn (throws on a row the contract does not describe). */
export function inventoryReturnFromRow(row: unknown): InventoryReturn {
  const r = returnRowSchema.parse(row);
  return {
    id: r.id, medicationId: r.medication_id, productName: r.product_name, strength: r.strength, ndc: r.ndc_number,
    deaSchedule: r.dea_schedule, lotId: r.lot_id, lotNumber: r.lot_number, expirationDate: r.expiration_date,
    quantity: r.quantity, reason: r.reason, reasonDetail: r.reason_detail, destination: r.destination,
    wholesalerId: r.wholesaler_id, wholesalerName: r.wholesaler_name, reverseDistributor: r.reverse_distributor,
    unitCostCents: r.unit_cost_cents, totalValueCents: r.total_value_cents, rmaNumber: r.rma_number,
    deaForm222Number: r.dea_form_222_number, status: r.status, creditCents: r.credit_cents, cancelReason: r.cancel_reason,
    returnDate: r.created_at, createdByName: r.created_by_name === '' ? null : r.created_by_name,
    processedAt: r.processed_at, processedByName: r.processed_by_name, cancelledAt: r.cancelled_at,
  };
}

/** Where a return went, as the list says it. */
export function returnDestinationText(item: Pick<InventoryReturn, 'destination' | 'wholesalerName' | 'reverseDistributor'>): string {
  if (item.destination === 'wholesaler') return item.wholesalerName ?? 'Wholesaler';
  if (item.destination === 'reverse_distributor') return `${item.reverseDistributor ?? 'Reverse distributor'} (reverse distributor)`;
  return 'Destruction';
}
