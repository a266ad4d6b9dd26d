/**
 * Test Connection (POST /api/wholesalers/{id}/test: a harmless real exchange, pharmacists and admins) and Sync Now
 * (…/sync: the wholesaler's new 855, 856 and 810 fetched and applied, any staff). Both answer what happened.
 */
import { useMutation } from '@tanstack/react-query';
import { syncWholesalerEndpoint, testWholesalerEndpoint } from '@pharmacy/shared/api/wholesale.ts';
import type { ExchangeResult } from '@pharmacy/shared/inventory/wholesale.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import type { TableName } from '../../../lib/table-queries.ts';

/** What an exchange may change: the connection's status, orders and their documents, acquisition costs. */
export const EXCHANGE_WRITES: readonly TableName[] = [
  'wholesalers', 'wholesale_exchanges', 'wholesale_documents', 'wholesale_orders', 'wholesale_order_lines', 'wholesale_shipment_items',
  'inventory_products', 'inventory_lots',
];

export function exchangeWithWholesaler({ id, kind }: { id: string; kind: 'test' | 'sync' }): Promise<ExchangeResult> {
  return invokeApi(kind === 'test' ? testWholesalerEndpoint : syncWholesalerEndpoint, { id }, {});
}

export function useExchangeWithWholesaler() {
  return useMutation({ meta: { writes: EXCHANGE_WRITES }, mutationFn: exchangeWithWholesaler });
}
