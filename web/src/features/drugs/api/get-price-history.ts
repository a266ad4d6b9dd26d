/**
 * One product's recent price changes (public.medication_price_history, read by the pharmacy's staff), newest first:
 * what AWP, WAC and NADAC became, from when, and where the change came from.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { drugKeys } from '../keys.ts';
import { untypedCatalogClient } from './untyped-catalog-client.ts';

/** How many changes the history shows. */
export const PRICE_HISTORY_LIMIT = 10;

// TODO(step B): the generated row type of medication_price_history.
export interface PriceChange {
  id: string;
  changedAt: string;
  awpPrice: number | null;
  wacPrice: number | null;
  nadacPerUnit: number | null;
  nadacEffectiveDate: string | null;
  source: string | null;
}

export async function getPriceHistory(medicationId: string): Promise<PriceChange[]> {
  const { data, error } = await untypedCatalogClient
    .from('medication_price_history')
    .select('id, changed_at, awp_price, wac_price, nadac_per_unit, nadac_effective_date, source')
    .eq('medication_id', medicationId)
    .order('changed_at', { ascending: false })
    .limit(PRICE_HISTORY_LIMIT);
  if (error) throw new Error(error.message);
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return (data ?? []).map((row: Record<string, unknown>) => ({
    id: String(row.id),
    changedAt: row.changed_at as string,
    awpPrice: numberOrNull(row.awp_price),
    wacPrice: numberOrNull(row.wac_price),
    nadacPerUnit: numberOrNull(row.nadac_per_unit),
    nadacEffectiveDate: (row.nadac_effective_date as string | null) ?? null,
    source: (row.source as string | null) ?? null,
  }));
}

export function getPriceHistoryQueryOptions(pharmacyId: string, medicationId: string) {
  return queryOptions({ queryKey: drugKeys.priceHistory(pharmacyId, medicationId), queryFn: () => getPriceHistory(medicationId) });
}

export function usePriceHistory(pharmacyId: string, medicationId: string) {
  return useQuery(getPriceHistoryQueryOptions(pharmacyId, medicationId));
}
