/**
 * The Inventory tab's product (spec part 2 §3 Inventory item) as the api and the screen show it, from a row of
 * public.inventory_items (migration 20261128007000_inventory_reorder); the query of GET /api/inventory/items; the
 * overview and analytics figures (public.inventory_overview, public.inventory_analytics); the prediction settings'
 * bounds (spec §5). Money is integer cents.
 */
import * as z from 'zod';

export const INVENTORY_STATUSES = ['adequate', 'low', 'out_of_stock'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];
export const INVENTORY_STATUS_FILTERS = ['all', 'low', 'out_of_stock', 'adequate'] as const;
export type InventoryStatusFilter = (typeof INVENTORY_STATUS_FILTERS)[number];

/** The filter's labels (spec §2: All Items, Low Stock, Out of Stock, Adequate). */
export const INVENTORY_FILTER_LABELS: Record<InventoryStatusFilter, string> = {
  all: 'All Items',
  low: 'Low Stock',
  out_of_stock: 'Out of Stock',
  adequate: 'Adequate',
};

export const INVENTORY_STATUS_LABELS: Record<InventoryStatus, string> = {
  adequate: 'Adequate',
  low: 'Low Stock',
  out_of_stock: 'Out of Stock',
};

export const USAGE_TRENDS = ['increasing', 'decreasing', 'stable'] as const;

/** Most products one page holds. */
export const INVENTORY_PAGE_MAX = 100;

export const INVENTORY_QUERY_MESSAGES = {
  search: 'The search may be at most 100 characters',
  status: 'Status must be all, low, out_of_stock or adequate',
  limit: `limit must be a whole number from 1 to ${INVENTORY_PAGE_MAX}`,
  offset: 'offset must be a whole number of 0 or more',
} as const;

export const inventoryItemsQuerySchema = z.object({
  search: z.string().trim().max(100, { error: INVENTORY_QUERY_MESSAGES.search }).default(''),
  status: z.enum(INVENTORY_STATUS_FILTERS, { error: INVENTORY_QUERY_MESSAGES.status }).default('all'),
  limit: z.coerce.number({ error: INVENTORY_QUERY_MESSAGES.limit }).int({ error: INVENTORY_QUERY_MESSAGES.limit })
    .min(1, { error: INVENTORY_QUERY_MESSAGES.limit }).max(INVENTORY_PAGE_MAX, { error: INVENTORY_QUERY_MESSAGES.limit }).default(25),
  offset: z.coerce.number({ error: INVENTORY_QUERY_MESSAGES.offset }).int({ error: INVENTORY_QUERY_MESSAGES.offset })
    .min(0, { error: INVENTORY_QUERY_MESSAGES.offset }).default(0),
});
export type InventoryItemsQuery = z.output<typeof inventoryItemsQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const inventoryLotSchema = z.object({
  lotId: z.string(),
  /** '' when no lot was recorded. */
  lotNumber: z.string(),
  expirationDate: isoDate.nullable(),
  onHand: z.number().int().nonnegative(),
});
export type InventoryLot = z.infer<typeof inventoryLotSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  productName: z.string(),
  genericName: z.string().nullable(),
  strength: z.string().nullable(),
  /** The NDC as the labeler writes it, and its 11 digits. */
  ndc: z.string().nullable(),
  ndc11: z.string().nullable(),
  deaSchedule: z.string().nullable(),
  currentStock: z.number().int().nonnegative(),
  /** The reorder point: at or below it the product is low (the catalog's low-stock threshold). */
  reorderPoint: z.number().int().nonnegative(),
  minStock: z.number().int().nonnegative(),
  maxStock: z.number().int().nullable(),
  unitCostCents: z.number().int().nullable(),
  totalValueCents: z.number().int().nullable(),
  supplier: z.string().nullable(),
  /** The wholesaler chosen for this product (null: the pharmacy's only one, or none chosen). */
  supplierId: z.string().nullable(),
  /** The soonest expiry among the lots on hand. */
  expirationDate: isoDate.nullable(),
  status: z.enum(INVENTORY_STATUSES),
  monthlyUsage: z.number().int(),
  utilizationTrend: z.enum(USAGE_TRENDS).nullable(),
  lastOrderDate: z.string().nullable(),
  lastOrderQty: z.number().int().nullable(),
  predictedStockout: isoDate.nullable(),
  autoOrderEnabled: z.boolean(),
  reorderQty: z.number().int().nullable(),
  forecastAt: z.string().nullable(),
  lots: z.array(inventoryLotSchema),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryItemPageSchema = z.object({ items: z.array(inventoryItemSchema), total: z.number().int().nonnegative() });
export type InventoryItemPage = z.infer<typeof inventoryItemPageSchema>;

/** A row of public.inventory_items (snake case, as PostgREST answers it). */
export interface InventoryItemRow {
  id: string;
  name: string;
  generic_name: string | null;
  strength: string | null;
  ndc_number: string | null;
  ndc11: string | null;
  dea_schedule: string | null;
  stock: number;
  reorder_point: number;
  max_stock: number | null;
  unit_cost_cents: number | null;
  total_value_cents: number | null;
  supplier: string | null;
  next_expiration_date: string | null;
  status: string;
  used_30_days: number;
  trend: string | null;
  predicted_stockout_on: string | null;
  order_quantity: number | null;
  auto_order: boolean;
  last_receipt_at: string | null;
  last_receipt_quantity: number | null;
  forecast_at: string | null;
  lots: unknown;
  preferred_wholesaler_id: string | null;
  total_count: number;
}

export function inventoryItemFromRow(row: InventoryItemRow): InventoryItem {
  return inventoryItemSchema.parse({
    id: row.id,
    productName: row.name,
    genericName: row.generic_name,
    strength: row.strength,
    ndc: row.ndc_number,
    ndc11: row.ndc11,
    deaSchedule: row.dea_schedule,
    currentStock: row.stock,
    reorderPoint: row.reorder_point,
    minStock: row.reorder_point,
    maxStock: row.max_stock,
    unitCostCents: row.unit_cost_cents,
    totalValueCents: row.total_value_cents === null ? null : Number(row.total_value_cents),
    supplier: row.supplier,
    supplierId: row.preferred_wholesaler_id,
    expirationDate: row.next_expiration_date,
    status: row.status,
    monthlyUsage: row.used_30_days,
    utilizationTrend: row.trend,
    lastOrderDate: row.last_receipt_at,
    lastOrderQty: row.last_receipt_quantity,
    predictedStockout: row.predicted_stockout_on,
    autoOrderEnabled: row.auto_order,
    reorderQty: row.order_quantity,
    forecastAt: row.forecast_at,
    lots: row.lots,
  });
}

export const inventoryOverviewSchema = z.object({
  totalProducts: z.number().int(),
  lowStockItems: z.number().int(),
  outOfStockItems: z.number().int(),
  totalValueCents: z.number().int(),
  autoOrderItems: z.number().int(),
  predictedStockouts7Days: z.number().int(),
  monthlyTurnover: z.number().nullable(),
  utilizationRate: z.number().nullable(),
  utilizationThreshold: z.number().int(),
  predictionWindowDays: z.number().int(),
  forecastAt: z.string().nullable(),
});
export type InventoryOverview = z.infer<typeof inventoryOverviewSchema>;

export const analyticsPeriodSchema = z.object({
  period: z.string(),
  days: z.number().int(),
  dispensed: z.number().int(),
  returned: z.number().int(),
  waste: z.number().int(),
  turnover: z.number().nullable(),
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

/** Spec §5: prediction window 7–90 days (default 30), utilisation threshold 50–100 % (default 80). */
export const PREDICTION_SETTINGS = {
  window: { min: 7, max: 90, default: 30 },
  utilization: { min: 50, max: 100, default: 80 },
} as const;
export const PREDICTION_SETTINGS_MESSAGES = {
  window: 'The prediction window is 7 to 90 days',
  utilization: 'The utilization threshold is 50 to 100 percent',
} as const;

export const predictionSettingsSchema = z.object({
  predictionWindowDays: z.number({ error: PREDICTION_SETTINGS_MESSAGES.window }).int(PREDICTION_SETTINGS_MESSAGES.window)
    .min(PREDICTION_SETTINGS.window.min, PREDICTION_SETTINGS_MESSAGES.window).max(PREDICTION_SETTINGS.window.max, PREDICTION_SETTINGS_MESSAGES.window),
  utilizationThresholdPercent: z.number({ error: PREDICTION_SETTINGS_MESSAGES.utilization }).int(PREDICTION_SETTINGS_MESSAGES.utilization)
    .min(PREDICTION_SETTINGS.utilization.min, PREDICTION_SETTINGS_MESSAGES.utilization).max(PREDICTION_SETTINGS.utilization.max, PREDICTION_SETTINGS_MESSAGES.utilization),
});
export type PredictionSettings = z.infer<typeof predictionSettingsSchema>;

