/**
 * A scheduled report's stored file as a download: a short-lived signed URL (Storage signs it only when RLS lets the
 * signed-in user read the object: staff with reports:read of its pharmacy), opened by the browser directly.
 */
import { SCHEDULED_REPORTS_BUCKET, type ScheduledReportFile } from '@pharmacy/shared/reports/schedules.ts';
import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';

/** Seconds a download link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 60;

export async function scheduledReportFileUrl(file: ScheduledReportFile): Promise<string> {
  const { data, error } = await supabase.storage.from(SCHEDULED_REPORTS_BUCKET).createSignedUrl(file.path, DOWNLOAD_LINK_SECONDS, { download: file.name });
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

export function useDownloadScheduledReportFile() {
  return useMutation({ meta: { writes: [] }, mutationFn: scheduledReportFileUrl, onSuccess: startDownload });
}
