/**
 * The multipart request of POST /api/prescription-files and the reading of a refusal, kept apart from the XHR that
 * sends them so they are tested without a browser: the form a scanner would post (`file`, `receivedAs`, and the
 * OCR this terminal ran as JSON in `ocr`), and the server's `{error}` sentence with the status, so a 409 is told
 * apart as "already uploaded" rather than refused.
 */
import type { OcrResult } from '@pharmacy/shared/prescription-files/prescription-file.ts';

export interface UploadFields {
  file: File;
  receivedAs: 'fax' | 'scan';
  ocr: OcrResult | null;
}

/** The form a scanner would post: the file and the optional fields. */
export function uploadForm({ file, receivedAs, ocr }: UploadFields): FormData {
  const form = new FormData();
  form.set('file', file, file.name);
  form.set('receivedAs', receivedAs);
  if (ocr) form.set('ocr', JSON.stringify(ocr));
  return form;
}

/** An upload the server did not take (status 0: it was not reached), with its sentence. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusal';
  }

  /** The same bytes were uploaded before (the server's 409). */
  get duplicate(): boolean {
    return this.status === 409;
  }
}

/** The server's sentence from an error body, or the status line. */
export function uploadFailure(status: number, body: string): UploadRefusal {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed === 'object' && parsed !== null && typeof parsed.error === 'string') return new UploadRefusal(status, parsed.error);
  } catch {
    // not JSON: a proxy's page or an empty body
  }
  return new UploadRefusal(status, status === 0 ? 'The upload could not reach the server' : `${status}: ${body.slice(0, 200) || 'Upload failed'}`);
}
