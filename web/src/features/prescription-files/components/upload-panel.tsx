/**
 * The upload area (spec part 2 "Prescription File Management": PDF, JPG, PNG, XML, EDI): drop files on it or choose
 * them, many at once. Each file gets a row: images and scanned PDFs are read on this terminal first (OCR, "Reading
 * text…" with its progress), then uploaded with a progress bar; the row ends as uploaded, already uploaded (the same
 * file twice) or refused with the server's sentence. The server decides the type by the bytes; the size is checked
 * here too so a 40 MB scan is not sent at all.
 */
import { useRef, useState, type DragEvent } from 'react';
import { PRESCRIPTION_FILE_ACCEPT, type OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { useUploadPrescriptionFile } from '../api/upload-prescription-file.ts';
import {
  addUploadRows, clearFinishedUploads, failedUploadState, isUploadActive, mayNeedOcr, ocrFailureNote, refusalBeforeSending, updateUploadRow,
  uploadStatusText, uploadSummary, type UploadRow,
} from '../upload-queue.ts';

export function UploadPanel() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [receivedAs, setReceivedAs] = useState<'scan' | 'fax'>('scan');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  // A second drop joins the end of the first one's line instead of running beside it.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const upload = useUploadPrescriptionFile();

  const update = (key: number, change: Partial<Omit<UploadRow, 'key'>>) => setRows((current) => updateUploadRow(current, key, change));

  const send = async (file: File, key: number) => {
    const refusal = refusalBeforeSending(file);
    if (refusal !== null) return update(key, { state: { step: 'refused', reason: refusal } });
    let ocr: OcrResult | null = null;
    let note: string | undefined;
    if (mayNeedOcr(file)) {
      update(key, { state: { step: 'reading', progress: 0 } });
      try {
        // Loaded on first use: the OCR engine stays off every other screen.
        const { recognizeDocument } = await import('../ocr/recognize-document.ts');
        ocr = await recognizeDocument(file, (progress) => update(key, { state: { step: 'reading', progress } }));
      } catch (error) {
        note = ocrFailureNote(error);
      }
    }
    update(key, { state: { step: 'uploading', progress: 0 }, note });
    try {
      await upload.mutateAsync({ file, receivedAs, ocr, onProgress: (progress) => update(key, { state: { step: 'uploading', progress } }) });
      update(key, { state: { step: 'uploaded' } });
    } catch (error) {
      update(key, { state: failedUploadState(error) });
    }
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = Array.from(files).map((file) => ({ file, key: nextKey.current++, name: file.name }));
    setRows((current) => addUploadRows(current, added));
    // One at a time, each waiting its turn: OCR and uploads share two cores with everything else on a terminal.
    queue.current = added.reduce((previous, { file, key }) => previous.then(() => send(file, key)), queue.current);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby="upload-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="upload-heading" className="card-title text-lg">Upload prescriptions</h2>
          <label className="flex items-center gap-2 text-sm">
            Received as
            <select className="select select-bordered select-sm" value={receivedAs} onChange={(event) => setReceivedAs(event.target.value as 'scan' | 'fax')}>
              <option value="scan">Scan (written prescription)</option>
              <option value="fax">Fax</option>
            </select>
          </label>
        </div>
        <div
          data-testid="upload-drop-area"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-box border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-primary/5' : 'border-base-300'}`}
        >
          <p>Drop prescription files here</p>
          <p className="text-sm text-base-content/70">PDF, JPG, PNG, XML (NCPDP SCRIPT) or EDI, up to 10 MB each</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => input.current?.click()}>Choose files</button>
          <input
            ref={input}
            type="file"
            multiple
            accept={PRESCRIPTION_FILE_ACCEPT}
            className="hidden"
            aria-label="Prescription files to upload"
            onChange={(event) => {
              add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
        {rows.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p>{uploadSummary(rows)}</p>
            {rows.some((row) => !isUploadActive(row.state)) ? (
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => setRows((current) => clearFinishedUploads(current))}>Clear finished</button>
            ) : null}
          </div>
        ) : null}
        {rows.length > 0 ? (
          <ul aria-label="Uploads" className="flex flex-col gap-2">
            {rows.map((row) => (
              <li key={row.key} className="flex flex-col gap-1 rounded-box bg-base-200 px-3 py-2 text-sm" aria-label={`Upload of ${row.name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium break-all">{row.name}</span>
                  <span role="status">{uploadStatusText(row.state)}</span>
                </div>
                {row.state.step === 'reading' || row.state.step === 'uploading' ? (
                  <progress
                    className={`progress w-full ${row.state.step === 'reading' ? 'progress-secondary' : 'progress-primary'}`}
                    value={Math.round(row.state.progress * 100)}
                    max={100}
                    aria-label={row.state.step === 'reading' ? `Reading text of ${row.name}` : `Uploading ${row.name}`}
                  />
                ) : null}
                {row.note ? <span className="text-warning-content/80">{row.note}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
