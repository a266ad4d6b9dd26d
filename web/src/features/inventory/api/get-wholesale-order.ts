/**
 * One order in full (public.wholesale_order_detail): its lines from ordered to invoiced, the ship notice's items
 * (lots, expiry, serials: the DSCSA transaction information), receipts, documents exchanged and discrepancies.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export interface WholesaleOrderDetail {
  lines: {
    lineNumber: number; ndc: string; medicationId: string; productName: string; quantity: number; unitCostCents: number | null;
    ackStatus: string | null; ackQuantity: number | null; substituteNdc: string | null; expectedShipDate: string | null;
    shipped: number; received: number; invoiced: number | null; invoicedUnitCents: number | null;
  }[];
  shipment: { ndc: string; lot: string; expiry: string | null; packages: number; serials: string[]; shipmentId: string }[];
  receipts: { ndc: string; lot: string; expiry: string; packages: number; serial: string | null; receivedAt: string }[];
  documents: { set: string; direction: 'in' | 'out'; controlNumber: number; receivedAt: string }[];
  discrepancies: { ndc: string; lot: string | null; issue: string }[];
}

export async function getWholesaleOrder(orderId: string): Promise<WholesaleOrderDetail | null> {
  const { data, error } = await supabase.rpc('wholesale_order_detail', { order_id: orderId });
  if (error) throw new Error(error.message);
  return data as unknown as WholesaleOrderDetail | null;
}

export function getWholesaleOrderQueryOptions(pharmacyId: string, orderId: string) {
  return queryOptions({
    meta: { reads: ['wholesale_orders', 'wholesale_order_lines', 'wholesale_shipment_items', 'wholesale_receipts', 'wholesale_documents', 'medications'] },
    queryKey: inventoryKeys.order(pharmacyId, orderId),
    queryFn: () => getWholesaleOrder(orderId),
  });
}

export function useWholesaleOrder(pharmacyId: string, orderId: string | null) {
  return useQuery({ ...getWholesaleOrderQueryOptions(pharmacyId, orderId ?? ''), enabled: orderId !== null });
}
