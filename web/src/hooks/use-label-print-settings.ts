/**
 * The pharmacy's Printing settings as the print flow needs them (whether the patient chooses a monograph, whether
 * the sheet prints on its own): the `printing` row of pharmacy_settings, read with RLS (every staff member may
 * read it), laid over the §9 defaults when never saved. The server applies the same settings to what it prints;
 * this only decides which questions the print flow asks.
 */
import { settingsWithDefaults } from '@pharmacy/shared/settings/groups.ts';
import { printingSettingsReadSchema, type PrintingSettings } from '@pharmacy/shared/settings/printing.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../lib/supabase.ts';

/** Starts with the pharmacy, as every feature's keys do. */
export function labelPrintSettingsQueryKey(pharmacyId: string) {
  return ['pharmacy', pharmacyId, 'label-print-settings'] as const;
}

export async function getLabelPrintSettings(pharmacyId: string): Promise<PrintingSettings> {
  const { data, error } = await supabase
    .from('pharmacy_settings')
    .select('settings')
    .eq('pharmacy_id', pharmacyId)
    .eq('group_key', 'printing')
    .maybeSingle();
  if (error) throw new Error(error.message);
  return printingSettingsReadSchema.parse(settingsWithDefaults('printing', data?.settings ?? undefined));
}

export function labelPrintSettingsQueryOptions(pharmacyId: string) {
  return queryOptions({
    queryKey: labelPrintSettingsQueryKey(pharmacyId),
    queryFn: () => getLabelPrintSettings(pharmacyId),
  });
}

export function useLabelPrintSettings(pharmacyId: string) {
  return useQuery(labelPrintSettingsQueryOptions(pharmacyId));
}
