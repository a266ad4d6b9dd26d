/**
 * Saves the prediction settings (pharmacists and admins; RLS and the table's constraints decide, with the spec's
 * bounds as messages), then recomputes the predictions with the new window.
 */
import { useMutation } from '@tanstack/react-query';
import type { PredictionSettings } from '@pharmacy/shared/inventory/inventory-item.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function savePredictionSettings(pharmacyId: string, settings: PredictionSettings): Promise<void> {
  const { error } = await supabase.from('inventory_settings').upsert({
    pharmacy_id: pharmacyId,
    prediction_window_days: settings.predictionWindowDays,
    utilization_threshold_percent: settings.utilizationThresholdPercent,
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  const refreshed = await supabase.rpc('refresh_inventory_forecasts');
  if (refreshed.error) throw new Error(clientMessageForDatabaseError(refreshed.error));
}

export function useSavePredictionSettings(pharmacyId: string) {
  return useMutation({
    meta: { writes: ['inventory_settings', 'inventory_forecasts', 'medications'] },
    mutationFn: (settings: PredictionSettings) => savePredictionSettings(pharmacyId, settings),
  });
}
