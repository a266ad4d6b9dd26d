/**
 * One product's recent price changes (public.medication_price_history, read by the pharmacy's staff), newest first:
 * which price (AWP, WAC or NADAC) changed from what to what, from when, and what made the change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { drugKeys } from '../keys.ts';
import { untypedCatalogClient } from './untyped-catalog-client.ts';

/** How many changes the history shows. */
export const PRICE_HISTORY_LIMIT = 10;

export type PriceKind = 'awp' | 'wac' | 'nadac';

/** One change of one price: AWP and WAC per package, NADAC per unit (with its package price when the size is known). */
export interface PriceChange {
  id: string;
  kind: PriceKind;
  newValue: number | null;
  previousValue: number | null;
  packagePrice: number | null;
  effectiveDate: string;
  /** What made the change: a NADAC update, a manual edit or a sync. */
  source: string;
  recordedAt: string;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function getPriceHistory(medicationId: string): Promise<PriceChange[]> {
  // TODO(step B): typed by the generated medication_price_history row.
  const { data, error } = await untypedCatalogClient
    .from('medication_price_history')
    .select('id, price_kind, new_value, previous_value, package_price, effective_date, source, recorded_at')
    .eq('medication_id', medicationId)
    .order('recorded_at', { ascending: false })
    .limit(PRICE_HISTORY_LIMIT);
  if (error) throw new Error(error.message);
  return (data ?? []).map((row: Record<string, unknown>) => ({
    id: String(row.id),
    kind: row.price_kind as PriceKind,
    newValue: numberOrNull(row.new_value),
    previousValue: numberOrNull(row.previous_value),
    packagePrice: numberOrNull(row.package_price),
    effectiveDate: row.effective_date as string,
    source: row.source as string,
    recordedAt: row.recorded_at as string,
  }));
}

export function getPriceHistoryQueryOptions(pharmacyId: string, medicationId: string) {
  return queryOptions({ queryKey: drugKeys.priceHistory(pharmacyId, medicationId), queryFn: () => getPriceHistory(medicationId) });
}

export function usePriceHistory(pharmacyId: string, medicationId: string) {
  return useQuery(getPriceHistoryQueryOptions(pharmacyId, medicationId));
}
