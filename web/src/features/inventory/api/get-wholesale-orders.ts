/** One page of the Orders tab (public.wholesale_order_page): newest first, by status filter and search, with the exact total. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderFilter, OrderStatus } from '@pharmacy/shared/inventory/wholesale.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export interface WholesaleOrderRow {
  id: string;
  poNumber: string;
  wholesalerId: string;
  wholesalerName: string;
  status: OrderStatus;
  source: 'manual' | 'auto_reorder';
  orderDate: string;
  submittedAt: string | null;
  expectedDeliveryDate: string | null;
  deliveredAt: string | null;
  itemCount: number;
  totalCents: number | null;
  invoiceNumber: string | null;
  apiOrderId: string | null;
  controlledOrderForm: string | null;
  controlledOrderNumber: string | null;
  statusDetail: string | null;
}

export async function getWholesaleOrders(search: string, filter: OrderFilter, page: number, pageSize: number): Promise<{ orders: WholesaleOrderRow[]; total: number }> {
  const { data, error } = await supabase.rpc('wholesale_order_page', { search, status_filter: filter, page_size: pageSize, page_offset: page * pageSize });
  if (error) throw new Error(error.message);
  return {
    total: Number(data[0]?.total_count ?? 0),
    orders: data.map((row) => ({
      id: row.id, poNumber: row.po_number, wholesalerId: row.wholesaler_id, wholesalerName: row.wholesaler_name,
      status: row.status as OrderStatus, source: row.source as WholesaleOrderRow['source'], orderDate: row.order_date,
      submittedAt: row.submitted_at, expectedDeliveryDate: row.expected_delivery_date, deliveredAt: row.delivered_at,
      itemCount: row.item_count, totalCents: row.total_cents === null ? null : Number(row.total_cents), invoiceNumber: row.invoice_number,
      apiOrderId: row.api_order_id, controlledOrderForm: row.controlled_order_form, controlledOrderNumber: row.controlled_order_number,
      statusDetail: row.status_detail,
    })),
  };
}

export function getWholesaleOrdersQueryOptions(pharmacyId: string, search: string, filter: OrderFilter, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['wholesale_orders', 'wholesale_order_lines', 'wholesalers'] },
    queryKey: inventoryKeys.orders(pharmacyId, search, filter, page, pageSize),
    queryFn: () => getWholesaleOrders(search, filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useWholesaleOrders(pharmacyId: string, search: string, filter: OrderFilter, page: number, pageSize: number) {
  return useQuery(getWholesaleOrdersQueryOptions(pharmacyId, search, filter, page, pageSize));
}
