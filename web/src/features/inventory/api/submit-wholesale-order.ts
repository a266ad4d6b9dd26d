/** Submit (POST /api/inventory/orders/{id}/submit, pharmacists and admins): the X12 850, or a Schedule II order recorded with its form number. */
import { useMutation } from '@tanstack/react-query';
import { submitOrderEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { ExchangeResult } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { EXCHANGE_WRITES } from './exchange-with-wholesaler.ts';

export function submitWholesaleOrder(orderId: string): Promise<ExchangeResult> {
  return invokeApi(submitOrderEndpoint, { id: orderId }, {});
}

export function useSubmitWholesaleOrder() {
  return useMutation({ meta: { writes: [...EXCHANGE_WRITES, 'audit_log'] }, mutationFn: submitWholesaleOrder });
}
