/**
 * A prescription file's bytes for the review's preview: downloaded from the private Storage bucket
 * `prescription-files` as the signed-in user (Storage's policies admit only the pharmacy's own files), kept as a
 * Blob; the preview makes its own object URL of it. The bytes never change once stored, so they are fetched again
 * only when the file's row changes (deleted, for one).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { supabase } from '../../../lib/supabase.ts';
import { prescriptionFileKeys } from '../keys.ts';

export const PRESCRIPTION_FILES_BUCKET = 'prescription-files';

export async function getPrescriptionFileDocument(file: Pick<PrescriptionFile, 'storagePath' | 'fileType'>): Promise<Blob> {
  const { data, error } = await supabase.storage.from(PRESCRIPTION_FILES_BUCKET).download(file.storagePath);
  if (error) throw new Error(error.message);
  // The stored content type may be generic; the file's type was decided from its bytes.
  return data.type === file.fileType ? data : new Blob([data], { type: file.fileType });
}

export function getPrescriptionFileDocumentQueryOptions(pharmacyId: string, file: Pick<PrescriptionFile, 'id' | 'storagePath' | 'fileType'>) {
  return queryOptions({
    meta: { reads: ['prescription_files'] },
    queryKey: prescriptionFileKeys.document(pharmacyId, file.id, file.storagePath),
    queryFn: () => getPrescriptionFileDocument(file),
    staleTime: Infinity,
  });
}

export function usePrescriptionFileDocument(pharmacyId: string, file: Pick<PrescriptionFile, 'id' | 'storagePath' | 'fileType'>) {
  return useQuery(getPrescriptionFileDocumentQueryOptions(pharmacyId, file));
}
