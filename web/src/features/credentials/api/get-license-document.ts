/**
 * A staff member's stored license copy: the newest `license.<pdf|png|jpg>` in their folder of the
 * credential-documents bucket (`<pharmacy_id>/<user_id>`), listed through Storage as the signed-in user, whose RLS
 * policies decide what the list shows. Null when there is none yet.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CREDENTIAL_DOCUMENTS_BUCKET, credentialDocumentFolder, isLicenseDocumentName } from '@pharmacy/shared/security/credential-documents.ts';
import { supabase } from '../../../lib/supabase.ts';
import { credentialKeys } from '../keys.ts';

export interface LicenseDocument {
  /** The object name inside the bucket. */
  path: string;
  fileName: string;
  updatedAt: string | null;
}

export async function getLicenseDocument(pharmacyId: string, userId: string): Promise<LicenseDocument | null> {
  const folder = credentialDocumentFolder(pharmacyId, userId);
  const { data, error } = await supabase.storage
    .from(CREDENTIAL_DOCUMENTS_BUCKET)
    .list(folder, { search: 'license.', sortBy: { column: 'updated_at', order: 'desc' } });
  if (error) throw new Error(error.message);
  const newest = data.find((entry) => entry.id !== null && isLicenseDocumentName(entry.name));
  return newest ? { path: `${folder}/${newest.name}`, fileName: newest.name, updatedAt: newest.updated_at ?? null } : null;
}

export function getLicenseDocumentQueryOptions(pharmacyId: string, userId: string) {
  return queryOptions({
    meta: { reads: [] },
    queryKey: credentialKeys.licenseDocument(pharmacyId, userId),
    queryFn: () => getLicenseDocument(pharmacyId, userId),
  });
}

export function useLicenseDocument(pharmacyId: string, userId: string) {
  return useQuery(getLicenseDocumentQueryOptions(pharmacyId, userId));
}
