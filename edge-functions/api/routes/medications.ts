/**
 * GET /api/medications (shared/src/api/medications.ts): public.search_medications with the caller's JWT, so RLS
 * gives the caller's pharmacy's products only (someone without a staff profile gets an empty page); rows mapped to
 * the contract's Medication shape by shared/src/drugs/medication.ts (the screen maps its rows the same way).
 */
import { listMedicationsEndpoint } from '@pharmacy/shared/api/medications.ts';
import { medicationFromSearchRow } from '@pharmacy/shared/drugs/medication.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

export function addMedicationRoutes(router: ApiRouter): void {
  router.serve(listMedicationsEndpoint, async ({ req, query }) => {
    const { data, error } = await createUserClient(req).rpc('search_medications', {
      search: query.search,
      low_stock_only: query.lowStock,
      include_inactive: query.includeInactive,
      page_size: query.limit,
      page_offset: query.offset,
    });
    if (error) throw databaseFailure('searching the medications', error);
    const rows = data ?? [];
    return { medications: rows.map(medicationFromSearchRow), total: Number(rows[0]?.total_count ?? 0) };
  });
}
