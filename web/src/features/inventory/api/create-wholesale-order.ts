/** Create New Order (POST /api/inventory/orders): lines by NDC and packages; a Schedule II order with its DEA Form 222 / CSOS number. */
import { useMutation } from '@tanstack/react-query';
import { createOrderEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { CreateOrderBody } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';

export function createWholesaleOrder(body: CreateOrderBody) {
  return invokeApi(createOrderEndpoint, body);
}

export function useCreateWholesaleOrder() {
  return useMutation({ meta: { writes: ['wholesale_orders', 'wholesale_order_lines'] }, mutationFn: createWholesaleOrder });
}
