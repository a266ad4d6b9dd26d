/**
 * The OIG exclusion list (admins, issue 22): the current list (file, entries, newest exclusion date, uploaded at)
 * and the upload of the official UPDATED.csv. The file is checked for size, read and parsed in the browser
 * (shared/src/prescribers/leie.ts: a file that is not the list is refused with its sentence), then stored by the
 * database in one transaction, which flags every prescriber the list names; the toast says how many entries were
 * stored and who was flagged.
 */
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { useId, useRef, useState } from 'react';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { LEIE_MAX_BYTES, LeieFormatError, parseLeieCsv } from '@pharmacy/shared/prescribers/leie.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useExclusionList } from '../api/get-exclusion-list.ts';
import { useUploadExclusionList, type ExclusionListUploadResult } from '../api/upload-exclusion-list.ts';

function uploadSummary(result: ExclusionListUploadResult, rejected: number): string {
  const stored = `${result.entryCount.toLocaleString('en-US')} entries stored${rejected > 0 ? ` (${rejected} unreadable rows left out)` : ''}.`;
  if (result.flagged.length === 0) return `${stored} No provider on file is on the list.`;
  return `${stored} Flagged for review: ${result.flagged.map((entry) => `${entry.name} (${entry.reason})`).join('; ')}`;
}

export function ExclusionListPanel({ pharmacyId }: { pharmacyId: string }) {
  const list = useExclusionList(pharmacyId);
  const upload = useUploadExclusionList();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const busy = reading || upload.isPending;

  const onFile = async (file: File) => {
    setProblem(null);
    setOutcome(null);
    if (file.size > LEIE_MAX_BYTES) {
      setProblem(`The file is larger than ${Math.round(LEIE_MAX_BYTES / 1024 / 1024)} MB; the official UPDATED.csv is about 15 MB.`);
      return;
    }
    setReading(true);
    try {
      const parsed = parseLeieCsv(await file.text());
      setReading(false);
      const result = await upload.mutateAsync({ fileName: file.name, entries: parsed.entries });
      const summary = uploadSummary(result, parsed.rejected.length);
      setOutcome(summary);
      toast({ title: 'OIG exclusion list uploaded', description: summary, duration: 10_000 });
    } catch (error) {
      setProblem(error instanceof LeieFormatError || error instanceof Error ? error.message : String(error));
    } finally {
      setReading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <SectionCard title="OIG Exclusion List">
      <QueryState query={list} errorText="The OIG exclusion list could not be loaded" loadingLabel="Loading the OIG exclusion list" skeletonRows={1} size="sm">
        {(current) =>
          current ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="exclusion-list">
              <dt className="text-base-content/70">File</dt>
              <dd>{current.fileName}</dd>
              <dt className="text-base-content/70">Entries</dt>
              <dd>{current.entryCount.toLocaleString('en-US')}</dd>
              <dt className="text-base-content/70">Newest exclusion</dt>
              <dd>{current.newestExclusionDate ? usDate(current.newestExclusionDate) : '—'}</dd>
              <dt className="text-base-content/70">Uploaded</dt>
              <dd>{new Date(current.uploadedAt).toLocaleString('en-US')}</dd>
            </dl>
          ) : (
            <p className="text-sm" data-testid="exclusion-list">
              No OIG exclusion list uploaded
            </p>
          )
        }
      </QueryState>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Upload UPDATED.csv (the LEIE list from oig.hhs.gov)
        </label>
        <div className="flex items-center gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="file-input file-input-sm w-full max-w-sm"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void onFile(file);
            }}
          />
          {busy ? <LoadingOverlay label={reading ? 'Reading the OIG exclusion list' : 'Storing the OIG exclusion list'} /> : null}
        </div>
        {problem ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {problem}
          </p>
        ) : null}
        {outcome ? (
          <p role="status" className="text-sm" data-testid="exclusion-upload-outcome">
            {outcome}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}
