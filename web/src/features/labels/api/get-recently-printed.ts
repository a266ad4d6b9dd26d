/**
 * The 'Recently Printed' tab (spec §2, §9): the last 10 distinct prescriptions whose label was printed,
 * newest print first, from the print history (prescription_label_prints).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { labelsKeys } from '../keys.ts';
import { LABEL_PRESCRIPTION_COLUMNS, toLabelPrescription, type LabelPrescription, type LabelPrescriptionRow } from '../label-prescription.ts';

export const RECENTLY_PRINTED_LIMIT = 10;
// Reprints repeat a prescription in the history; read enough rows to find 10 distinct ones in practice.
const HISTORY_ROWS_READ = 100;

export interface PrintedPrescription extends LabelPrescription {
  printedAt: string;
}

export async function getRecentlyPrinted(pharmacyId: string): Promise<PrintedPrescription[]> {
  const { data, error } = await supabase
    .from('prescription_label_prints')
    .select(`printed_at, prescription:prescriptions(${LABEL_PRESCRIPTION_COLUMNS})`)
    .eq('pharmacy_id', pharmacyId)
    .eq('kind', 'label')
    .order('printed_at', { ascending: false })
    .limit(HISTORY_ROWS_READ);
  if (error) throw new Error(error.message);
  const rows = data as unknown as Array<{ printed_at: string; prescription: LabelPrescriptionRow | null }>;
  const printed: PrintedPrescription[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.prescription || seen.has(row.prescription.id)) continue;
    seen.add(row.prescription.id);
    printed.push({ ...toLabelPrescription(row.prescription), printedAt: row.printed_at });
    if (printed.length === RECENTLY_PRINTED_LIMIT) break;
  }
  return printed;
}

export function getRecentlyPrintedQueryOptions(pharmacyId: string) {
  return queryOptions({
    meta: { reads: ['prescription_label_prints', 'prescriptions', 'patients', 'medications'] },
    queryKey: labelsKeys.recentlyPrinted(pharmacyId),
    queryFn: () => getRecentlyPrinted(pharmacyId),
  });
}

export function useRecentlyPrinted(pharmacyId: string) {
  return useQuery(getRecentlyPrintedQueryOptions(pharmacyId));
}
