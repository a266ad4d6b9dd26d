/** The pharmacy's prediction settings (inventory_settings; the spec's defaults when never saved). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREDICTION_SETTINGS, type PredictionSettings } from '@pharmacy/shared/inventory/inventory-item.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export async function getPredictionSettings(): Promise<PredictionSettings> {
  const { data, error } = await supabase.from('inventory_settings').select('prediction_window_days, utilization_threshold_percent').maybeSingle();
  if (error) throw new Error(error.message);
  return {
    predictionWindowDays: data?.prediction_window_days ?? PREDICTION_SETTINGS.window.default,
    utilizationThresholdPercent: data?.utilization_threshold_percent ?? PREDICTION_SETTINGS.utilization.default,
  };
}

export function getPredictionSettingsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['inventory_settings'] },
    queryKey: inventoryKeys.settings(pharmacyId),
    queryFn: getPredictionSettings,
  });
}

export function usePredictionSettings(pharmacyId: string) {
  return useQuery(getPredictionSettingsQueryOptions(pharmacyId));
}
