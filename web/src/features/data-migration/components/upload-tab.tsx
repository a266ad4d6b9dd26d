/**
 * Upload Data (spec): the JSON textarea, Validate Data and Load Sample Data — plus a file of any size a pharmacy
 * has (JSON with the four arrays, or NDJSON with one {"type": …} record a line), read and validated in a worker.
 */
import { useId, type ChangeEvent } from 'react';
import type { MigrationFileState } from '../hooks/use-migration-file.ts';

export interface UploadTabProps {
  text: string;
  onTextChange: (text: string) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  fileState: MigrationFileState;
  busy: boolean;
  onValidate: () => void;
  onLoadSample: () => void;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

export function UploadTab({ text, onTextChange, file, onFileChange, fileState, busy, onValidate, onLoadSample }: UploadTabProps) {
  const textId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const reading = fileState.status === 'reading' ? fileState : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium">
          Migration data (JSON)
        </label>
        <textarea
          id={textId}
          className="textarea h-40 w-full font-mono text-xs"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          disabled={busy || file !== null}
          placeholder='{"patients": [...], "medications": [...], "prescribers": [...], "prescriptions": [...]}'
          spellCheck={false}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          Or a migration file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".json,.ndjson,.jsonl,application/json,application/x-ndjson"
          className="file-input w-full sm:w-96"
          aria-describedby={fileHintId}
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onFileChange(event.target.files?.[0] ?? null)}
        />
        <p id={fileHintId} className="text-xs text-base-content/70">
          For large exports: a JSON file with the four arrays, or NDJSON with one {'{"type": "patient" | "medication" | "prescriber" | "prescription", …}'} record a line. Read in
          your browser, never uploaded whole.
        </p>
      </div>
      {fileState.status === 'invalid-json' ? (
        <p role="alert" className="text-sm text-error">
          {fileState.fileName}: {fileState.detail}
        </p>
      ) : null}
      {fileState.status === 'failed' ? (
        <p role="alert" className="text-sm text-error">
          {fileState.fileName}: {fileState.message}
        </p>
      ) : null}
      {reading ? (
        <div className="flex items-center gap-3" role="status">
          <progress className="progress progress-primary flex-1" max={Math.max(reading.totalBytes, 1)} value={reading.bytesRead} aria-label="Reading the file" />
          <span className="text-sm tabular-nums">
            {megabytes(reading.bytesRead)} of {megabytes(reading.totalBytes)} read
          </span>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onValidate} disabled={busy || (text.trim() === '' && file === null)}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Validate Data
        </button>
        <button type="button" className="btn" onClick={onLoadSample} disabled={busy || file !== null}>
          Load Sample Data
        </button>
      </div>
    </div>
  );
}
