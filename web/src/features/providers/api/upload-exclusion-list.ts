/**
 * An admin replaces the OIG exclusion list (`rpc('replace_oig_exclusion_list')`) with the entries parsed in the
 * browser from the official UPDATED.csv (shared/src/prescribers/leie.ts). One transaction in the database: the old
 * list goes, the new one is stored, and every prescriber it names becomes Needs Review with the reason. The answer
 * says how many entries were stored and which prescribers were flagged.
 */
import { useMutation } from '@tanstack/react-query';
import type { LeieEntry } from '@pharmacy/shared/prescribers/leie.ts';
import { clientMessageForDatabaseError } from '@pharmacy/shared/database/errors.ts';
import * as z from 'zod';
import type { Json } from '@pharmacy/shared/database/database.types.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { TableName } from '../../../lib/table-queries.ts';

export const UPLOAD_EXCLUSION_LIST_WRITES: readonly TableName[] = [
  'oig_exclusion_lists',
  'oig_exclusions',
  'prescribers',
  'prescriber_verifications',
  'audit_log',
];

const uploadResultSchema = z.object({
  listId: z.string(),
  entryCount: z.number(),
  flagged: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
});
export type ExclusionListUploadResult = z.infer<typeof uploadResultSchema>;

export async function uploadExclusionList({ fileName, entries }: { fileName: string; entries: LeieEntry[] }): Promise<ExclusionListUploadResult> {
  const { data, error } = await supabase.rpc('replace_oig_exclusion_list', { list_file_name: fileName, entries: entries as unknown as Json });
  if (error) throw new Error(clientMessageForDatabaseError(error));
  return uploadResultSchema.parse(data);
}

export function useUploadExclusionList() {
  return useMutation({ meta: { writes: UPLOAD_EXCLUSION_LIST_WRITES }, mutationFn: uploadExclusionList });
}
