/**
 * Change a formulary entry (public.formulary_entries; pharmacists and admins). A row the caller may not change comes
 * back as no row, which is reported rather than taken for success.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { formularyRowFromForm, type FormularyEntryFormValues } from '@pharmacy/shared/drugs/formulary.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export const FORMULARY_ENTRY_NOT_CHANGED = 'This formulary entry no longer exists or you may not change it.';

export interface UpdateFormularyEntryInput {
  id: string;
  values: FormularyEntryFormValues;
}

export async function updateFormularyEntry({ id, values }: UpdateFormularyEntryInput): Promise<void> {
  const { data, error } = await supabase.from('formulary_entries').update(formularyRowFromForm(values)).eq('id', id).select('id').maybeSingle();
  if (error) throw new Error(clientMessageForDatabaseError(error));
  if (data === null) throw new Error(FORMULARY_ENTRY_NOT_CHANGED);
}

export function useUpdateFormularyEntry() {
  return useMutation({
    meta: { writes: ['formulary_entries'] },
    mutationFn: updateFormularyEntry,
  });
}
