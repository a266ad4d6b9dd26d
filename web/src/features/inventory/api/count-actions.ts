/**
 * The steps of a count, each one database function (security definer behind an invoker wrapper; the database decides
 * who may take which step): start, record a line (and a second count of it), submit, post the variances with their reasons (pharmacists and
 * admins, once), cancel, and for the biennial inventory witness and sign. Also a product's shelf location
 * (inventory_products; pharmacists and admins, RLS decides).
 */
import { useMutation } from '@tanstack/react-query';
import type { CountEntry } from '@pharmacy/shared/inventory/count-session.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { supabase } from '../../../lib/supabase.ts';

const COUNT_TABLES = ['inventory_count_sessions', 'inventory_count_lines', 'inventory_count_expectations', 'audit_log'] as const;
const LEDGER_TABLES = ['inventory_lots', 'inventory_movements', 'medications'] as const;

export interface StartCountArguments {
  count_kind: string;
  count_scope?: string;
  shelf?: string | null;
  product_ids?: string[] | null;
  is_blind: boolean;
  business_time?: string;
  note: string | null;
}

export async function startCount(args: StartCountArguments): Promise<string> {
  const { data, error } = await supabase.rpc('start_inventory_count', {
    count_kind: args.count_kind,
    is_blind: args.is_blind,
    ...(args.count_scope === undefined ? {} : { count_scope: args.count_scope }),
    ...(args.shelf ? { shelf: args.shelf } : {}),
    ...(args.product_ids ? { product_ids: args.product_ids } : {}),
    ...(args.business_time ? { business_time: args.business_time } : {}),
    ...(args.note ? { note: args.note } : {}),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return data.id;
}

export function useStartCount() {
  // Starting creates the no-lot lot of a product with nothing on hand.
  return useMutation({ meta: { writes: [...COUNT_TABLES, 'inventory_lots'] }, mutationFn: startCount });
}

export async function recordCount({ lineId, entry }: { lineId: string; entry: CountEntry }): Promise<void> {
  const { error } = await supabase.rpc('record_inventory_count', {
    count_line_id: lineId,
    counted: entry.counted,
    is_estimated: entry.estimated,
    is_opened_container: entry.openedContainer,
    ...(entry.containerUnits === null ? {} : { full_container_units: entry.containerUnits }),
  });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useRecordCount() {
  return useMutation({ meta: { writes: ['inventory_count_lines', 'inventory_count_sessions'] }, mutationFn: recordCount });
}

export async function recordSecondCount({ lineId, counted }: { lineId: string; counted: number }): Promise<void> {
  const { error } = await supabase.rpc('record_second_inventory_count', { count_line_id: lineId, counted });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useRecordSecondCount() {
  return useMutation({ meta: { writes: ['inventory_count_lines', 'inventory_count_sessions'] }, mutationFn: recordSecondCount });
}

async function sessionStep(name: 'submit_inventory_count' | 'witness_inventory_count' | 'sign_inventory_count', sessionId: string): Promise<void> {
  const { error } = await supabase.rpc(name, { count_session_id: sessionId });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useSubmitCount() {
  return useMutation({ meta: { writes: [...COUNT_TABLES] }, mutationFn: (sessionId: string) => sessionStep('submit_inventory_count', sessionId) });
}

export function useWitnessCount() {
  return useMutation({ meta: { writes: [...COUNT_TABLES] }, mutationFn: (sessionId: string) => sessionStep('witness_inventory_count', sessionId) });
}

export function useSignCount() {
  return useMutation({ meta: { writes: [...COUNT_TABLES] }, mutationFn: (sessionId: string) => sessionStep('sign_inventory_count', sessionId) });
}

export async function postCount({ sessionId, reasons }: { sessionId: string; reasons: Record<string, string> }): Promise<void> {
  const { error } = await supabase.rpc('post_inventory_count', { count_session_id: sessionId, variance_reasons: reasons });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function usePostCount() {
  return useMutation({ meta: { writes: [...COUNT_TABLES, ...LEDGER_TABLES] }, mutationFn: postCount });
}

export async function cancelCount({ sessionId, reason }: { sessionId: string; reason: string }): Promise<void> {
  const { error } = await supabase.rpc('cancel_inventory_count', { count_session_id: sessionId, reason });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useCancelCount() {
  return useMutation({ meta: { writes: [...COUNT_TABLES] }, mutationFn: cancelCount });
}

export async function setShelfLocation({ medicationId, shelfLocation }: { medicationId: string; shelfLocation: string | null }): Promise<void> {
  const { error } = await supabase.from('inventory_products')
    .upsert({ medication_id: medicationId, shelf_location: shelfLocation }, { onConflict: 'pharmacy_id,medication_id' });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useSetShelfLocation() {
  return useMutation({ meta: { writes: ['inventory_products', 'audit_log'] }, mutationFn: setShelfLocation });
}
