/**
 * Add a formulary entry for a medication (public.formulary_entries; pharmacists and admins — RLS refuses anyone
 * else, and the database's refusal is the message shown). The pharmacy, who and when are the database's.
 */
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import { formularyRowFromForm, type FormularyEntryFormValues } from '@pharmacy/shared/drugs/formulary.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

export interface CreateFormularyEntryInput {
  medicationId: string;
  values: FormularyEntryFormValues;
}

export async function createFormularyEntry({ medicationId, values }: CreateFormularyEntryInput): Promise<void> {
  const { error } = await supabase.from('formulary_entries').insert({ medication_id: medicationId, ...formularyRowFromForm(values) });
  if (error) throw new Error(clientMessageForDatabaseError(error));
}

export function useCreateFormularyEntry(medicationId: string) {
  return useMutation({
    meta: { writes: ['formulary_entries'] },
    mutationFn: (values: FormularyEntryFormValues) => createFormularyEntry({ medicationId, values }),
  });
}
