/** The Low Stock Alerts card (spec §2): every medication of the pharmacy at or below its low-stock threshold. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { dashboardKeys } from '../keys.ts';

export interface LowStockMedication {
  id: string;
  name: string;
  strength: string | null;
  stock: number;
}

export async function getLowStockMedications(pharmacyId: string): Promise<LowStockMedication[]> {
  const { data, error } = await supabase
    .from('medications')
    .select('id, name, strength, stock')
    .eq('pharmacy_id', pharmacyId)
    .eq('is_low_stock', true)
    .order('stock', { ascending: true })
    .order('name', { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}

export function getLowStockMedicationsQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['medications'] },
    queryKey: dashboardKeys.lowStock(pharmacyId),
    queryFn: () => getLowStockMedications(pharmacyId),
  });
}

export function useLowStockMedications(pharmacyId: string) {
  return useQuery(getLowStockMedicationsQueryOptions(pharmacyId));
}
