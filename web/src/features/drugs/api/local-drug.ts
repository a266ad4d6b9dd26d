/**
 * A product of the pharmacy's catalog as the Drug Database shows it (spec part 2 §3 Medication plus the catalog's
 * columns of issue 13), mapped from a row of `search_medications`. Low stock is the database's `is_low_stock`
 * (stock at or below the threshold, spec §2).
 */
import type { Medication } from '@pharmacy/shared/drugs/medication.ts';
import type { Database } from '../../../lib/database.types.ts';

/** The columns of search_medications the screen reads. */
export const LOCAL_DRUG_COLUMNS =
  'id, name, generic_name, strength, dosage_form, ndc_number, ndc11, manufacturer, price, stock, low_stock_threshold, is_low_stock, dea_schedule, package_size, package_unit, package_description, active, awp_price, wac_price, nadac_per_unit, nadac_effective_date, prices_updated_at, source, synced_at, total_count';

/** A row of search_medications: the generated type marks a function's columns not null, but these are nullable in the table. */
type SearchMedicationsRow = Database['public']['Functions']['search_medications']['Returns'][number];
type NullableColumn =
  | 'generic_name' | 'strength' | 'dosage_form' | 'ndc_number' | 'ndc11' | 'manufacturer' | 'is_low_stock' | 'dea_schedule'
  | 'package_size' | 'package_unit' | 'package_description' | 'awp_price' | 'wac_price' | 'nadac_per_unit'
  | 'nadac_effective_date' | 'prices_updated_at' | 'synced_at';
export type LocalDrugRow = Omit<SearchMedicationsRow, NullableColumn> & { [Column in NullableColumn]: SearchMedicationsRow[Column] | null };

/** The api's Medication (GET /api/medications answers the same rows), without the per-product interactions it never stores. */
export type LocalDrug = Omit<Medication, 'interactions'>;

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

export function localDrugFromRow(row: LocalDrugRow): LocalDrug {
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
    isLowStock: row.is_low_stock ?? row.stock <= row.low_stock_threshold,
    deaSchedule: row.dea_schedule as LocalDrug['deaSchedule'],
    packageSize: numberOrNull(row.package_size),
    packageUnit: row.package_unit as LocalDrug['packageUnit'],
    packageDescription: row.package_description,
    active: row.active,
    awpPrice: numberOrNull(row.awp_price),
    wacPrice: numberOrNull(row.wac_price),
    nadacPerUnit: numberOrNull(row.nadac_per_unit),
    nadacEffectiveDate: row.nadac_effective_date,
    pricesUpdatedAt: row.prices_updated_at,
    source: row.source as LocalDrug['source'],
    syncedAt: row.synced_at,
  };
}
