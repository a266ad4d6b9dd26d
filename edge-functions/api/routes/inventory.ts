/**
 * GET /api/inventory/items (shared/src/api/inventory.ts): public.inventory_items with the caller's JWT, so RLS gives
 * the caller's pharmacy's products only; rows mapped to the contract's Inventory item by
 * shared/src/inventory/inventory-item.ts (the screen maps its rows the same way).
 */
import { listInventoryItemsEndpoint } from '@pharmacy/shared/api/inventory.ts';
import { inventoryItemFromRow, type InventoryItemRow } from '@pharmacy/shared/inventory/inventory-item.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

export function addInventoryRoutes(router: ApiRouter): void {
  router.serve(listInventoryItemsEndpoint, async ({ req, query }) => {
    const { data, error } = await createUserClient(req).rpc('inventory_items', {
      search: query.search,
      status: query.status,
      page_size: query.limit,
      page_offset: query.offset,
    });
    if (error) throw databaseFailure('reading the inventory', error);
    const rows = (data ?? []) as InventoryItemRow[];
    return { items: rows.map(inventoryItemFromRow), total: Number(rows[0]?.total_count ?? 0) };
  });
}
