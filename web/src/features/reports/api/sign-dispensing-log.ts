/**
 * A pharmacist's sign-off of a day's dispensing log (public.sign_dispensing_log): recorded with the log as it
 * stands; the database refuses anyone who may not verify fills and a day that has not begun.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export async function signDispensingLog(day: string): Promise<void> {
  const { error } = await supabase.rpc('sign_dispensing_log', { log_date: day });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useSignDispensingLog() {
  return useMutation({ meta: { writes: ['dispensing_log_sign_offs', 'audit_log'] }, mutationFn: signDispensingLog });
}
