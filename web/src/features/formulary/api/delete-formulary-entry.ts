/**
 * Remove a formulary entry (public.formulary_entries; pharmacists and admins). Nothing removed (another's row,
 * or a role that may not) is reported, not taken for success.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export const FORMULARY_ENTRY_NOT_REMOVED = 'This formulary entry no longer exists or you may not remove it.';

export async function deleteFormularyEntry(id: string): Promise<void> {
  const { data, error } = await supabase.from('formulary_entries').delete().eq('id', id).select('id');
  if (error) throw new Error(clientMessageForDatabaseError(error));
  if (data.length === 0) throw new Error(FORMULARY_ENTRY_NOT_REMOVED);
}

export function useDeleteFormularyEntry() {
  return useMutation({
    meta: { writes: ['formulary_entries'] },
    mutationFn: deleteFormularyEntry,
  });
}
