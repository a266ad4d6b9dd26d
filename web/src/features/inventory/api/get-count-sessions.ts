/**
 * The Counts tab's reads: a page of the pharmacy's counts (newest first, cut by the database with an exact total;
 * index inventory_count_sessions_started_idx), one count's header, and when the biennial controlled-substance
 * inventory is due. RLS admits only the signed-in staff member's pharmacy.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { biennialInventoryStatusSchema, type BiennialInventoryStatus, type BusinessTime, type CountKind, type CountStatus } from '@pharmacy/shared/inventory/count-session.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOffset } from '../../../lib/paging.ts';
import { supabase } from '../../../lib/supabase.ts';
import { inventoryKeys } from '../keys.ts';

export interface CountSession {
  id: string;
  kind: CountKind;
  scope: 'shelf' | 'products' | 'schedule_ii' | 'controlled';
  shelfLocation: string | null;
  blind: boolean;
  status: CountStatus;
  note: string | null;
  asOfDate: string | null;
  businessTime: BusinessTime | null;
  lineCount: number;
  startedAt: string;
  submittedAt: string | null;
  postedAt: string | null;
  cancelledAt: string | null;
  witnessedAt: string | null;
  signedAt: string | null;
}

const SESSION_COLUMNS =
  'id, kind, scope, shelf_location, blind, status, note, as_of_date, business_time, line_count, started_at, submitted_at, posted_at, cancelled_at, witnessed_at, signed_at';

interface SessionRow {
  id: string; kind: string; scope: string; shelf_location: string | null; blind: boolean; status: string; note: string | null;
  as_of_date: string | null; business_time: string | null; line_count: number; started_at: string; submitted_at: string | null;
  posted_at: string | null; cancelled_at: string | null; witnessed_at: string | null; signed_at: string | null;
}

export function countSessionFromRow(row: SessionRow): CountSession {
  return {
    id: row.id,
    kind: row.kind as CountKind,
    scope: row.scope as CountSession['scope'],
    shelfLocation: row.shelf_location,
    blind: row.blind,
    status: row.status as CountStatus,
    note: row.note,
    asOfDate: row.as_of_date,
    businessTime: row.business_time as BusinessTime | null,
    lineCount: row.line_count,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    postedAt: row.posted_at,
    cancelledAt: row.cancelled_at,
    witnessedAt: row.witnessed_at,
    signedAt: row.signed_at,
  };
}

export async function getCountSessions(page: number, pageSize: number): Promise<{ sessions: CountSession[]; total: number }> {
  const from = pageOffset(page, pageSize);
  const { data, error, count } = await supabase
    .from('inventory_count_sessions')
    .select(SESSION_COLUMNS, { count: 'exact' })
    .order('started_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  if (error) throw new Error(error.message);
  return { sessions: (data ?? []).map(countSessionFromRow), total: count ?? 0 };
}

export function useCountSessions(pharmacyId: string, page: number, pageSize: number) {
  return useQuery({
    meta: { reads: ['inventory_count_sessions'] },
    queryKey: inventoryKeys.countSessions(pharmacyId, page, pageSize),
    queryFn: () => getCountSessions(page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export async function getCountSession(sessionId: string): Promise<CountSession> {
  const { data, error } = await supabase.from('inventory_count_sessions').select(SESSION_COLUMNS).eq('id', sessionId).single();
  if (error) throw new Error(error.message);
  return countSessionFromRow(data);
}

export function useCountSession(pharmacyId: string, sessionId: string) {
  return useQuery({
    meta: { reads: ['inventory_count_sessions'] },
    queryKey: inventoryKeys.countSession(pharmacyId, sessionId),
    queryFn: () => getCountSession(sessionId),
  });
}

export async function getBiennialInventoryStatus(): Promise<BiennialInventoryStatus> {
  const { data, error } = await supabase.rpc('biennial_inventory_status');
  if (error) throw new Error(error.message);
  return biennialInventoryStatusSchema.parse(data);
}

export function useBiennialInventoryStatus(pharmacyId: string) {
  return useQuery({
    meta: { reads: ['inventory_count_sessions', 'pharmacy_settings'] },
    queryKey: inventoryKeys.biennialStatus(pharmacyId),
    queryFn: getBiennialInventoryStatus,
  });
}

const SCOPE_TITLES: Record<CountSession['scope'], string> = {
  shelf: 'Shelf', products: 'Chosen products', schedule_ii: 'All Schedule II', controlled: 'All controlled substances',
};

/** How the screen names a count: "Biennial inventory of 05/01/2026 (close of business)" or "Shelf A3 count of 05/01/2026". */
export function countSessionTitle(session: CountSession): string {
  if (session.kind === 'biennial_controlled' && session.asOfDate) {
    return `Biennial inventory of ${usDate(session.asOfDate)} (${session.businessTime === 'opening' ? 'opening' : 'close'} of business)`;
  }
  const what = session.scope === 'shelf' ? `Shelf ${session.shelfLocation ?? ''}` : SCOPE_TITLES[session.scope];
  return `${what} count of ${shownDate(session.startedAt)}`;
}

/** A moment as the day it was on this terminal (MM/DD/YYYY). */
export function shownDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}
