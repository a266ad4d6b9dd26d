/** Update Predictions: the database recomputes every product's forecast (public.refresh_inventory_forecasts). */
import { useMutation } from '@tanstack/react-query';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

export async function refreshForecasts(): Promise<number> {
  const { data, error } = await supabase.rpc('refresh_inventory_forecasts');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data;
}

export function useRefreshForecasts() {
  return useMutation({ meta: { writes: ['inventory_forecasts', 'medications'] }, mutationFn: refreshForecasts });
}
