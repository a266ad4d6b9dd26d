/**
 * A product of the pharmacy's catalog as the Drug Database shows it (spec part 2 §3 Medication plus the catalog's
 * columns of issue 13), mapped from a row of `search_medications`. Low stock is the database's `is_low_stock`
 * (stock at or below the threshold, spec §2).
 */

/** The columns of search_medications the screen reads. */
export const LOCAL_DRUG_COLUMNS =
  'id, name, generic_name, strength, dosage_form, ndc_number, ndc11, manufacturer, price, stock, low_stock_threshold, is_low_stock, dea_schedule, package_size, package_unit, package_description, active, awp_price, wac_price, nadac_per_unit, nadac_effective_date, prices_updated_at, source, synced_at, total_count';

// TODO(step B): the generated type of search_medications' rows.
export interface LocalDrugRow {
  id: string;
  name: string;
  generic_name: string | null;
  strength: string | null;
  dosage_form: string | null;
  ndc_number: string | null;
  ndc11: string | null;
  manufacturer: string | null;
  price: number;
  stock: number;
  low_stock_threshold: number;
  is_low_stock: boolean | null;
  dea_schedule: string | null;
  package_size: number | null;
  package_unit: string | null;
  package_description: string | null;
  active: boolean;
  awp_price: number | null;
  wac_price: number | null;
  nadac_per_unit: number | null;
  nadac_effective_date: string | null;
  prices_updated_at: string | null;
  source: string;
  synced_at: string | null;
  total_count: number;
}

export interface LocalDrug {
  id: string;
  name: string;
  genericName: string | null;
  strength: string | null;
  dosageForm: string | null;
  /** The NDC as stored (the labeler's format). */
  ndcNumber: string | null;
  ndc11: string | null;
  manufacturer: string | null;
  price: number;
  stock: number;
  lowStockThreshold: number;
  isLowStock: boolean;
  deaSchedule: string | null;
  packageSize: number | null;
  packageUnit: string | null;
  packageDescription: string | null;
  active: boolean;
  awpPrice: number | null;
  wacPrice: number | null;
  nadacPerUnit: number | null;
  nadacEffectiveDate: string | null;
  pricesUpdatedAt: string | null;
  source: string;
  syncedAt: string | null;
}

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
    deaSchedule: row.dea_schedule,
    packageSize: row.package_size === null ? null : Number(row.package_size),
    packageUnit: row.package_unit,
    packageDescription: row.package_description,
    active: row.active,
    awpPrice: row.awp_price === null ? null : Number(row.awp_price),
    wacPrice: row.wac_price === null ? null : Number(row.wac_price),
    nadacPerUnit: row.nadac_per_unit === null ? null : Number(row.nadac_per_unit),
    nadacEffectiveDate: row.nadac_effective_date,
    pricesUpdatedAt: row.prices_updated_at,
    source: row.source,
    syncedAt: row.synced_at,
  };
}
