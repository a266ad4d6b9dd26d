/**
 * Download Copy: a short-lived signed URL for the stored license copy (Storage signs it only when RLS lets the
 * signed-in user see the object), opened as a download. The URL carries its own token, so the browser fetches it
 * directly; it expires after a minute.
 */
import { useMutation } from '@tanstack/react-query';
import { CREDENTIAL_DOCUMENTS_BUCKET } from '@pharmacy/shared/security/credential-documents.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { LicenseDocument } from './get-license-document.ts';

/** Seconds a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 60;

export async function licenseDocumentDownloadUrl(document: LicenseDocument, downloadName: string): Promise<string> {
  const { data, error } = await supabase.storage
    .from(CREDENTIAL_DOCUMENTS_BUCKET)
    .createSignedUrl(document.path, DOWNLOAD_LINK_SECONDS, { download: downloadName });
  if (error) throw new Error(error.message);
  return data.signedUrl;
}

function startDownload(url: string): void {
  const link = window.document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.style.display = 'none';
  window.document.body.append(link);
  link.click();
  link.remove();
}

export function useDownloadLicenseDocument() {
  return useMutation({
    meta: { writes: [] },
    mutationFn: ({ document, downloadName }: { document: LicenseDocument; downloadName: string }) => licenseDocumentDownloadUrl(document, downloadName),
    onSuccess: startDownload,
  });
}
