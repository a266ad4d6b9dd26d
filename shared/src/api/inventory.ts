/**
 * Inventory (spec part 2 "Inventory Management & Wholesale Integration"; issue 24), staff of the pharmacy:
 * - GET /api/inventory/items?search=&status=&limit=&offset= — one page of the products with on-hand per product and
 *   lot, status (adequate | low | out_of_stock), usage and forecast (public.inventory_items as the caller), and
 *   the exact total.
 */
import { inventoryItemPageSchema, inventoryItemsQuerySchema } from '../inventory/inventory-item.ts';
import { apiEndpoint } from './endpoint.ts';

export const listInventoryItemsEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/inventory/items',
  access: 'signed-in',
  request: null,
  query: inventoryItemsQuerySchema,
  response: inventoryItemPageSchema,
  format: 'json',
  successStatus: 200,
});
