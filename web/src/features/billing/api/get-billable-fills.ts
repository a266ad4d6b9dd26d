/**
 * The fills the calculator and Process Payment pick from: the pharmacy's fills in the chosen statuses (processing,
 * ready), newest Rx first, a page at a time with the exact total, read under RLS with the patient and the
 * medication embedded. A search is an Rx number or words of the patient's name (fill-search.ts), each word
 * matching the first or last name.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { billableFillSearch } from '../fill-search.ts';
import { billingKeys } from '../keys.ts';

export const BILLABLE_STATUSES = ['ready', 'processing'] as const;
export type BillableStatus = (typeof BILLABLE_STATUSES)[number];

export interface BillableFill {
  id: string;
  rxNumber: number;
  fillNumber: number;
  status: string;
  dateFilled: string | null;
  quantity: number | null;
  patientName: string;
  patientDateOfBirth: string | null;
  medicationName: string;
}

export interface BillableFillsPage {
  fills: BillableFill[];
  total: number;
}

interface FillRow {
  id: string;
  rx_number: number;
  fill_number: number;
  status: string;
  date_filled: string | null;
  quantity: number | null;
  patients: { first_name: string; last_name: string; date_of_birth: string | null } | null;
  medications: { name: string; strength: string | null } | null;
}

export async function getBillableFills(search: string, statuses: readonly BillableStatus[], page: number, pageSize: number): Promise<BillableFillsPage> {
  const narrowed = billableFillSearch(search);
  if (narrowed && 'words' in narrowed && narrowed.words.length === 0) return { fills: [], total: 0 };
  let query = supabase
    .from('prescriptions')
    .select('id, rx_number, fill_number, status, date_filled, quantity, patients!inner(first_name, last_name, date_of_birth), medications(name, strength)', { count: 'exact' })
    .in('status', [...statuses]);
  if (narrowed && 'rxNumber' in narrowed) query = query.eq('rx_number', narrowed.rxNumber);
  if (narrowed && 'words' in narrowed) {
    // Every word matches the first or the last name: and(or(first.ilike.*w*, last.ilike.*w*), …) on the embedded patient.
    const each = narrowed.words.map((word) => `or(first_name.ilike.*${word}*,last_name.ilike.*${word}*)`);
    query = query.or(`and(${each.join(',')})`, { referencedTable: 'patients' });
  }
  const { data, error, count } = await query
    .order('rx_number', { ascending: false })
    .order('fill_number', { ascending: false })
    .range(page * pageSize, page * pageSize + pageSize - 1);
  if (error) throw new Error(error.message);
  return {
    total: count ?? 0,
    fills: (data as unknown as FillRow[]).map((row) => ({
      id: row.id, rxNumber: Number(row.rx_number), fillNumber: row.fill_number, status: row.status, dateFilled: row.date_filled,
      quantity: row.quantity === null ? null : Number(row.quantity),
      patientName: row.patients ? `${row.patients.last_name}, ${row.patients.first_name}` : 'Unknown patient',
      patientDateOfBirth: row.patients?.date_of_birth ?? null,
      medicationName: row.medications ? [row.medications.name, row.medications.strength].filter(Boolean).join(' ') : 'Unknown medication',
    })),
  };
}

export function getBillableFillsQueryOptions(pharmacyId: string, search: string, statuses: readonly BillableStatus[], page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['prescriptions', 'patients', 'medications'] },
    queryKey: billingKeys.fills(pharmacyId, search, statuses.join(','), page, pageSize),
    queryFn: () => getBillableFills(search, statuses, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useBillableFills(pharmacyId: string, search: string, statuses: readonly BillableStatus[], page: number, pageSize: number) {
  return useQuery(getBillableFillsQueryOptions(pharmacyId, search, statuses, page, pageSize));
}
