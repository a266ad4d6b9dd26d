/**
 * The upload area's rows as plain state (spec part 2 "Prescription File Management"): every dropped file gets a row
 * that waits its turn, is read on this terminal (OCR) when it may need it, is uploaded with its progress, and ends
 * uploaded, already uploaded (the same bytes twice) or refused with the server's sentence. Pure, so the component
 * only dispatches and the rules are unit-tested.
 */
import { MAX_PRESCRIPTION_FILE_BYTES, PRESCRIPTION_FILE_MESSAGES } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { UploadRefusal } from './upload-form.ts';

export type UploadState =
  | { step: 'waiting' }
  | { step: 'reading'; progress: number }
  | { step: 'uploading'; progress: number }
  | { step: 'uploaded' }
  | { step: 'duplicate'; reason: string }
  | { step: 'refused'; reason: string };

export interface UploadRow {
  key: number;
  name: string;
  state: UploadState;
  /** Said beside the outcome, e.g. that OCR failed and the file went without its text. */
  note?: string;
}

/** New rows, newest first, above the ones already shown. */
export function addUploadRows(rows: readonly UploadRow[], added: readonly { key: number; name: string }[]): UploadRow[] {
  return [...added.map(({ key, name }): UploadRow => ({ key, name, state: { step: 'waiting' } })), ...rows];
}

export function updateUploadRow(rows: readonly UploadRow[], key: number, change: Partial<Omit<UploadRow, 'key'>>): UploadRow[] {
  return rows.map((row) => (row.key === key ? { ...row, ...change } : row));
}

/** Rows still waiting, being read or being sent. */
export function isUploadActive(state: UploadState): boolean {
  return state.step === 'waiting' || state.step === 'reading' || state.step === 'uploading';
}

/** Clearing keeps the rows still in progress. */
export function clearFinishedUploads(rows: readonly UploadRow[]): UploadRow[] {
  return rows.filter((row) => isUploadActive(row.state));
}

/** The reason a file is not sent at all (checked here too, so a 40 MB scan does not travel), or null. */
export function refusalBeforeSending(file: { size: number }): string | null {
  if (file.size === 0) return PRESCRIPTION_FILE_MESSAGES.empty;
  if (file.size > MAX_PRESCRIPTION_FILE_BYTES) return PRESCRIPTION_FILE_MESSAGES.tooLarge;
  return null;
}

/**
 * Images and PDFs may need OCR; SCRIPT XML and EDI never do. The OCR module decides again from the bytes (a PDF
 * with a text layer gives null), so this only spares loading the engine for an e-prescription.
 */
export function mayNeedOcr(file: { name: string; type: string }): boolean {
  return !/\.(xml|edi|edifact)$/i.test(file.name) && !/xml|edifact/i.test(file.type);
}

/** The note when OCR failed: the file is uploaded without its text, and the reason is said. */
export function ocrFailureNote(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `Text could not be read on this terminal (${reason}); uploaded without it.`;
}

/** How a failed upload ends: the server's 409 is "already uploaded", anything else refused with its sentence. */
export function failedUploadState(error: unknown): UploadState {
  if (error instanceof UploadRefusal && error.duplicate) return { step: 'duplicate', reason: error.message || PRESCRIPTION_FILE_MESSAGES.duplicate };
  return { step: 'refused', reason: error instanceof Error ? error.message : String(error) };
}

export function uploadStatusText(state: UploadState): string {
  switch (state.step) {
    case 'waiting':
      return 'Waiting…';
    case 'reading':
      return `Reading text… ${Math.round(state.progress * 100)}%`;
    case 'uploading':
      return `Uploading… ${Math.round(state.progress * 100)}%`;
    case 'uploaded':
      return 'Uploaded';
    case 'duplicate':
    case 'refused':
      return state.reason;
  }
}

/** One line over many rows (a stack of faxes dropped at once): how many are done, already there, refused. */
export function uploadSummary(rows: readonly UploadRow[]): string {
  const count = (step: UploadState['step']) => rows.filter((row) => row.state.step === step).length;
  const active = rows.filter((row) => isUploadActive(row.state)).length;
  const parts = [
    `${count('uploaded')} of ${rows.length} uploaded`,
    count('duplicate') > 0 ? `${count('duplicate')} already uploaded` : null,
    count('refused') > 0 ? `${count('refused')} refused` : null,
    active > 0 ? `${active} in progress` : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}
