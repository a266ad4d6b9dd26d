/**
 * The upload area (spec part 2 "Prescription File Management": PDF, JPG, PNG, XML, EDI): drop files on it or choose
 * them, many at once. Each file gets a row: images and scanned PDFs are read on this terminal first (OCR, "Reading
 * text…" with its progress), then uploaded with a progress bar; the row ends as uploaded, already uploaded (the same
 * file twice) or refused with the server's sentence. The server decides the type by the bytes; the size is checked
 * here too so a 40 MB scan is not sent at all.
 */
import { useRef, useState, type DragEvent } from 'react';
import { MAX_PRESCRIPTION_FILE_BYTES, PRESCRIPTION_FILE_ACCEPT, PRESCRIPTION_FILE_MESSAGES, type OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { useUploadPrescriptionFile } from '../api/upload-prescription-file.ts';

type RowState =
  | { step: 'reading'; progress: number }
  | { step: 'uploading'; progress: number }
  | { step: 'done'; fileName: string }
  | { step: 'failed'; reason: string };

interface UploadRow {
  key: number;
  name: string;
  state: RowState;
  note?: string;
}

/** Images and PDFs may need OCR; XML and EDI never do. Decided again by the OCR module from the bytes. */
const mayNeedOcr = (file: File) => !/\.(xml|edi)$/i.test(file.name) && !/xml|edifact/.test(file.type);

export function UploadPanel() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [receivedAs, setReceivedAs] = useState<'scan' | 'fax'>('scan');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const upload = useUploadPrescriptionFile();

  const update = (key: number, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const send = async (file: File, key: number) => {
    if (file.size === 0) return update(key, { state: { step: 'failed', reason: PRESCRIPTION_FILE_MESSAGES.empty } });
    if (file.size > MAX_PRESCRIPTION_FILE_BYTES) return update(key, { state: { step: 'failed', reason: PRESCRIPTION_FILE_MESSAGES.tooLarge } });
    let ocr: OcrResult | null = null;
    let note: string | undefined;
    if (mayNeedOcr(file)) {
      update(key, { state: { step: 'reading', progress: 0 } });
      try {
        // Loaded on first use: the OCR engine stays off every other screen.
        const { recognizeDocument } = await import('../ocr/recognize-document.ts');
        ocr = await recognizeDocument(file, (progress) => update(key, { state: { step: 'reading', progress } }));
      } catch (error) {
        note = `Text could not be read on this terminal (${error instanceof Error ? error.message : String(error)}); uploaded without it.`;
      }
    }
    update(key, { state: { step: 'uploading', progress: 0 }, note });
    try {
      const saved = await upload.mutateAsync({ file, receivedAs, ocr, onProgress: (progress) => update(key, { state: { step: 'uploading', progress } }) });
      update(key, { state: { step: 'done', fileName: saved.fileName } });
    } catch (error) {
      update(key, { state: { step: 'failed', reason: error instanceof Error ? error.message : String(error) } });
    }
  };

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = Array.from(files).map((file) => ({ file, key: nextKey.current++ }));
    setRows((current) => [...added.map(({ file, key }) => ({ key, name: file.name, state: { step: 'uploading', progress: 0 } as RowState })), ...current]);
    // One at a time: OCR and uploads share two cores with everything else on a terminal.
    void added.reduce((previous, { file, key }) => previous.then(() => send(file, key)), Promise.resolve());
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
          <ul aria-label="Uploads" className="flex flex-col gap-2">
            {rows.map((row) => (
              <li key={row.key} className="flex flex-col gap-1 rounded-box bg-base-200 px-3 py-2 text-sm" aria-label={`Upload of ${row.name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium break-all">{row.name}</span>
                  <span role="status">{statusText(row.state)}</span>
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

function statusText(state: RowState): string {
  switch (state.step) {
    case 'reading':
      return `Reading text… ${Math.round(state.progress * 100)}%`;
    case 'uploading':
      return `Uploading… ${Math.round(state.progress * 100)}%`;
    case 'done':
      return 'Uploaded';
    case 'failed':
      return state.reason;
  }
}
