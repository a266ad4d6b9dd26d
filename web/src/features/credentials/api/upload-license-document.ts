/**
 * Upload Document: stores a staff member's license copy as `<pharmacy_id>/<user_id>/license.<ext>` (replacing the one
 * there), then removes a copy of another type so one license copy remains. The file is checked here first (type and
 * 10 MB, shared/src/security/credential-documents.ts); Storage enforces the same limits and the RLS policies decide
 * who may upload (the pharmacy's admins).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CREDENTIAL_DOCUMENTS_BUCKET,
  credentialDocumentFolder,
  credentialDocumentProblem,
  CREDENTIAL_DOCUMENT_TYPES,
  isCredentialDocumentType,
  licenseDocumentPath,
} from '@pharmacy/shared/security/credential-documents.ts';
import { supabase } from '../../../lib/supabase.ts';
import { credentialKeys } from '../keys.ts';

export interface UploadLicenseDocumentInput {
  pharmacyId: string;
  userId: string;
  file: File;
}

export async function uploadLicenseDocument({ pharmacyId, userId, file }: UploadLicenseDocumentInput): Promise<string> {
  const problem = credentialDocumentProblem(file);
  if (problem !== null || !isCredentialDocumentType(file.type)) throw new Error(problem ?? 'Choose a PDF, PNG or JPG file');
  const path = licenseDocumentPath(pharmacyId, userId, file.type);
  const bucket = supabase.storage.from(CREDENTIAL_DOCUMENTS_BUCKET);
  const { error } = await bucket.upload(path, file, { upsert: true, contentType: file.type });
  if (error) throw new Error(error.message);
  const others = Object.values(CREDENTIAL_DOCUMENT_TYPES)
    .map((extension) => `${credentialDocumentFolder(pharmacyId, userId)}/license.${extension}`)
    .filter((other) => other !== path);
  const removed = await bucket.remove(others);
  if (removed.error) throw new Error(removed.error.message);
  return path;
}

export function useUploadLicenseDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { writes: [] },
    mutationFn: uploadLicenseDocument,
    onSettled: (_path, _error, input) => queryClient.invalidateQueries({ queryKey: credentialKeys.licenseDocument(input.pharmacyId, input.userId) }),
  });
}
