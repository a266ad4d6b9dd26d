/**
 * GET /api/medications (shared/src/api/medications.ts): public.search_medications with the caller's JWT, so RLS
 * gives the caller's pharmacy's products only (someone without a staff profile gets an empty page); rows mapped to
 * the contract's Medication shape (numbers as numbers).
 */
import { listMedicationsEndpoint } from '@pharmacy/shared/api/medications.ts';
import type { Medication } from '@pharmacy/shared/drugs/medication.ts';
import type { Database } from '@pharmacy/database-types';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';

type Row = Database['public']['Functions']['search_medications']['Returns'][number];

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

function medicationOf(row: Row): Medication {
  return {
    id: row.id,
    name: row.name,
    genericName: row.generic_name,
    strength: row.strength,
    dosageForm: row.dosage_form,
    ndcNumber: row.ndc_number,
    ndc11: row.ndc11,
    manufacturer: row.manufacturer,
    price: Number(row.price),
    stock: row.stock,
    lowStockThreshold: row.low_stock_threshold,
    isLowStock: row.is_low_stock,
    deaSchedule: row.dea_schedule as Medication['deaSchedule'],
    packageSize: numberOrNull(row.package_size),
    packageUnit: row.package_unit as Medication['packageUnit'],
    packageDescription: row.package_description,
    active: row.active,
    awpPrice: numberOrNull(row.awp_price),
    wacPrice: numberOrNull(row.wac_price),
    nadacPerUnit: numberOrNull(row.nadac_per_unit),
    nadacEffectiveDate: row.nadac_effective_date,
    pricesUpdatedAt: row.prices_updated_at,
    source: row.source as Medication['source'],
    syncedAt: row.synced_at,
    interactions: [],
  };
}

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
    const rows = (data ?? []) as Row[];
    return { medications: rows.map(medicationOf), total: rows[0]?.total_count ?? 0 };
  });
}
