/**
 * A report's exports: CSV, PDF and Excel from the same endpoint as the screen, each streamed with a progress bar
 * (a percent when the server says the size, the bytes received otherwise) and saved through the browser's download.
 * One export at a time; a failure is said under the buttons.
 */
import type { ReportName } from '@pharmacy/shared/reports/report.ts';
import { useState } from 'react';
import type { DownloadProgress } from '../../../lib/api-invoker.ts';
import { type ReportFileFormat, useDownloadReportFile } from '../api/download-report-file.ts';
import type { DayRange } from '../report-period.ts';
import { EXPORT_FORMATS, progressPercent, progressText } from '../report-viewer.ts';

export function ReportExportButtons({ report, title, range }: { report: ReportName; title: string; range: DayRange }) {
  const download = useDownloadReportFile();
  const [running, setRunning] = useState<{ format: ReportFileFormat; progress: DownloadProgress } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const start = (format: ReportFileFormat) => {
    setSaved(null);
    setRunning({ format, progress: { receivedBytes: 0, totalBytes: null } });
    download.mutate(
      { report, range, format, onProgress: (progress) => setRunning({ format, progress }) },
      { onSuccess: (fileName) => setSaved(fileName), onSettled: () => setRunning(null) },
    );
  };

  const percent = running ? progressPercent(running.progress) : null;
  return (
    <div className="flex flex-col items-end gap-1">
      <div role="group" aria-label={`Export the ${title} report`} className="flex flex-wrap gap-2">
        {EXPORT_FORMATS.map(({ format, label }) => (
          <button key={format} type="button" className="btn btn-sm" disabled={running !== null} onClick={() => start(format)}>
            {running?.format === format ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Export {label}
          </button>
        ))}
      </div>
      {running ? (
        <div className="flex w-64 flex-col gap-1" data-testid="export-progress">
          {percent === null
            ? <progress className="progress progress-primary w-full" aria-label={`Exporting ${title} as ${running.format.toUpperCase()}`} />
            : <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={`Exporting ${title} as ${running.format.toUpperCase()}`} />}
          <p className="text-xs text-base-content/70" aria-live="polite">{progressText(running.progress)}</p>
        </div>
      ) : null}
      <p className="text-xs" aria-live="polite">
        {download.isError ? <span className="text-error">The file could not be exported: {download.error.message}</span> : saved ? `Saved ${saved}` : null}
      </p>
    </div>
  );
}
