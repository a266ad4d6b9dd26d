/**
 * shared/src/inventory/inventory-item.ts: the query's bounds and messages, a database row as the spec's Inventory
 * item, cents for the screen (shared/src/common/money.ts), the prediction settings' spec bounds (§5).
 */
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../shared/src/common/money.ts';
import {
  INVENTORY_QUERY_MESSAGES,
  inventoryItemFromRow,
  inventoryItemsQuerySchema,
  PREDICTION_SETTINGS_MESSAGES,
  predictionSettingsSchema,
} from '../../shared/src/inventory/inventory-item.ts';

describe('the items query', () => {
  it('defaults to every status, 25 a page from the first', () => {
    expect(inventoryItemsQuerySchema.parse({})).toEqual({ search: '', status: 'all', limit: 25, offset: 0 });
  });
  it('refuses an unknown status and a page past 100 with their messages', () => {
    expect(inventoryItemsQuerySchema.safeParse({ status: 'plenty' }).error?.issues[0]?.message).toBe(INVENTORY_QUERY_MESSAGES.status);
    expect(inventoryItemsQuerySchema.safeParse({ limit: '101' }).error?.issues[0]?.message).toBe(INVENTORY_QUERY_MESSAGES.limit);
  });
});

describe('a row as the Inventory item', () => {
  it('names the spec fields, keeps money in cents and the lots', () => {
    const item = inventoryItemFromRow({
      id: 'm1', name: 'Lipitor', generic_name: 'atorvastatin', strength: '10 mg', ndc_number: '0071-0155-23', ndc11: '00071015523',
      dea_schedule: null, stock: 90, reorder_point: 10, max_stock: 120, unit_cost_cents: 110, total_value_cents: 9900,
      supplier: 'Cardinal Health', next_expiration_date: '2027-06-30', status: 'adequate', used_30_days: 45, trend: 'stable',
      predicted_stockout_on: '2026-12-30', order_quantity: 0, auto_order: true, last_receipt_at: '2026-11-20T10:00:00Z',
      last_receipt_quantity: 90, forecast_at: null, lots: [{ lotId: 'l1', lotNumber: 'LIP1', expirationDate: '2027-06-30', onHand: 90 }],
      preferred_wholesaler_id: 'w1', total_count: 1,
    });
    expect(item).toMatchObject({
      productName: 'Lipitor', ndc: '0071-0155-23', currentStock: 90, minStock: 10, maxStock: 120, unitCostCents: 110,
      totalValueCents: 9900, expirationDate: '2027-06-30', monthlyUsage: 45, utilizationTrend: 'stable',
      predictedStockout: '2026-12-30', autoOrderEnabled: true, reorderQty: 0, lastOrderQty: 90, supplier: 'Cardinal Health', supplierId: 'w1',
    });
    expect(item.lots).toEqual([{ lotId: 'l1', lotNumber: 'LIP1', expirationDate: '2027-06-30', onHand: 90 }]);
  });
});

describe('money and settings', () => {
  it('formats cents as dollars, never through floats', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-250)).toBe('-$2.50');
    expect(formatCents(null)).toBe('—');
  });
  it('bounds the prediction window to 7–90 days and the utilization threshold to 50–100 %', () => {
    expect(predictionSettingsSchema.safeParse({ predictionWindowDays: 7, utilizationThresholdPercent: 100 }).success).toBe(true);
    expect(predictionSettingsSchema.safeParse({ predictionWindowDays: 91, utilizationThresholdPercent: 80 }).error?.issues[0]?.message).toBe(PREDICTION_SETTINGS_MESSAGES.window);
    expect(predictionSettingsSchema.safeParse({ predictionWindowDays: 30, utilizationThresholdPercent: 49 }).error?.issues[0]?.message).toBe(PREDICTION_SETTINGS_MESSAGES.utilization);
  });
});
