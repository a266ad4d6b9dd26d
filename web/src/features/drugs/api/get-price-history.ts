/**
 * One product's recent price changes (public.medication_price_history, read by the pharmacy's staff), newest first:
 * which price (AWP, WAC or NADAC) changed from what to what, from when, and what made the change.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { drugKeys } from '../keys.ts';
import type { Database } from '@pharmacy/shared/database/database.types.ts';
import { supabase } from '../../../lib/supabase.ts';

/** How many changes the history shows. */
export const PRICE_HISTORY_LIMIT = 10;

/** The table's price_kind check: awp, wac, nadac. */
export type PriceKind = 'awp' | 'wac' | 'nadac';

type PriceHistoryRow = Database['public']['Tables']['medication_price_history']['Row'];

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

const numberOrNull = (value: PriceHistoryRow['new_value']) => (value === null || value === undefined ? null : Number(value));

export async function getPriceHistory(medicationId: string): Promise<PriceChange[]> {
  const { data, error } = await supabase
    .from('medication_price_history')
    .select('id, price_kind, new_value, previous_value, package_price, effective_date, source, recorded_at')
    .eq('medication_id', medicationId)
    .order('recorded_at', { ascending: false })
    .limit(PRICE_HISTORY_LIMIT);
  if (error) throw new Error(error.message);
  return data.map((row) => ({
    id: row.id,
    kind: row.price_kind as PriceKind,
    newValue: numberOrNull(row.new_value),
    previousValue: numberOrNull(row.previous_value),
    packagePrice: numberOrNull(row.package_price),
    effectiveDate: row.effective_date,
    source: row.source,
    recordedAt: row.recorded_at,
  }));
}

export function getPriceHistoryQueryOptions(pharmacyId: string, medicationId: string) {
  return queryOptions({ meta: { reads: ['medication_price_history', 'medications'] }, queryKey: drugKeys.priceHistory(pharmacyId, medicationId), queryFn: () => getPriceHistory(medicationId) });
}

export function usePriceHistory(pharmacyId: string, medicationId: string) {
  return useQuery(getPriceHistoryQueryOptions(pharmacyId, medicationId));
}
