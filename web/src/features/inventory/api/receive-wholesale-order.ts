/**
 * Receive against an order (POST /api/inventory/orders/{id}/receive): package scans (GS1 element strings) and typed
 * lines; answers what was received and the discrepancies against the ship notice and invoice.
 */
import { useMutation } from '@tanstack/react-query';
import { receiveOrderEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { ReceiveOrderBody, ReceiveResult } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function receiveWholesaleOrder({ orderId, body }: { orderId: string; body: ReceiveOrderBody }): Promise<ReceiveResult> {
  return invokeApi(receiveOrderEndpoint, { id: orderId }, body);
}

export function useReceiveWholesaleOrder() {
  return useMutation({
    meta: { writes: ['wholesale_orders', 'wholesale_order_lines', 'wholesale_receipts', 'inventory_lots', 'inventory_movements', 'medications'] },
    mutationFn: receiveWholesaleOrder,
  });
}
