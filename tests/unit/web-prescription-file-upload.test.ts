/**
 * The Prescription File Management upload area's pure parts (web/src/features/prescription-files/upload-form.ts and
 * upload-queue.ts): the multipart form read back by the api's own multipart reader and the contract's schema, the
 * server's sentence and status from a refusal (409 is "already uploaded"), the checks before sending, which files
 * may need OCR, and the rows' states, clearing and summary.
 */
import { describe, expect, it } from 'vitest';
import { readMultipart } from '../../edge-functions/_shared/multipart.ts';
import { uploadPrescriptionFileEndpoint } from '../../shared/src/api/prescription-files.ts';
import { MAX_PRESCRIPTION_FILE_BYTES, PRESCRIPTION_FILE_MESSAGES, uploadFieldsSchema } from '../../shared/src/prescription-files/prescription-file.ts';
import { UploadRefusal, uploadFailure, uploadForm } from '../../web/src/features/prescription-files/upload-form.ts';
import {
  addUploadRows, clearFinishedUploads, failedUploadState, mayNeedOcr, ocrFailureNote, refusalBeforeSending, updateUploadRow, uploadStatusText,
  uploadSummary, type UploadRow,
} from '../../web/src/features/prescription-files/upload-queue.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function readBack(form: FormData) {
  const request = new Request('http://localhost/functions/v1/api/prescription-files', { method: 'POST', body: form });
  return readMultipart(request, MAX_PRESCRIPTION_FILE_BYTES + 1024 * 1024, uploadPrescriptionFileEndpoint.multipartJsonFields);
}

describe('uploadForm', () => {
  it('carries the file, receivedAs and the OCR as JSON, which the api reads back and the contract accepts', async () => {
    const ocr = { text: 'Rx Ibuprofen 800 mg', confidence: 91.5, words: [{ text: 'Ibuprofen', confidence: 93 }] };
    const { fields, files } = await readBack(uploadForm({ file: new File([PNG], 'fax 1.png', { type: 'image/png' }), receivedAs: 'fax', ocr }));
    expect(Object.keys(files)).toEqual(['file']);
    expect(files.file?.name).toBe('fax 1.png');
    expect(new Uint8Array(await files.file!.arrayBuffer())).toEqual(PNG);
    expect(fields).toEqual({ receivedAs: 'fax', ocr });
    expect(uploadFieldsSchema.parse(fields)).toEqual({ receivedAs: 'fax', ocr });
  });

  it('leaves out the ocr field when there is no OCR (an e-prescription, or OCR failed)', async () => {
    const { fields } = await readBack(uploadForm({ file: new File(['<NewRx/>'], 'rx.xml'), receivedAs: 'scan', ocr: null }));
    expect(fields).toEqual({ receivedAs: 'scan' });
  });
});

describe('uploadFailure', () => {
  it("is the server's sentence with its status; 409 is a duplicate", () => {
    const duplicate = uploadFailure(409, JSON.stringify({ error: PRESCRIPTION_FILE_MESSAGES.duplicate }));
    expect(duplicate).toBeInstanceOf(UploadRefusal);
    expect([duplicate.status, duplicate.message, duplicate.duplicate]).toEqual([409, PRESCRIPTION_FILE_MESSAGES.duplicate, true]);
    const unknownType = uploadFailure(400, JSON.stringify({ error: PRESCRIPTION_FILE_MESSAGES.unknownType }));
    expect([unknownType.message, unknownType.duplicate]).toEqual([PRESCRIPTION_FILE_MESSAGES.unknownType, false]);
  });

  it('says the status when the body is not the api\'s, and that the server was not reached on a network error', () => {
    expect(uploadFailure(502, '<html>Bad gateway</html>').message).toBe('502: <html>Bad gateway</html>');
    expect(uploadFailure(500, 'null').message).toBe('500: null');
    expect(uploadFailure(0, '').message).toBe('The upload could not reach the server');
  });
});

describe('checks before sending', () => {
  it('refuses an empty file and one over 10 MB with the shared messages, and lets 10 MB exactly through', () => {
    expect(refusalBeforeSending({ size: 0 })).toBe(PRESCRIPTION_FILE_MESSAGES.empty);
    expect(refusalBeforeSending({ size: MAX_PRESCRIPTION_FILE_BYTES + 1 })).toBe(PRESCRIPTION_FILE_MESSAGES.tooLarge);
    expect(refusalBeforeSending({ size: MAX_PRESCRIPTION_FILE_BYTES })).toBeNull();
  });

  it('offers images and PDFs to OCR, never SCRIPT XML or EDI', () => {
    expect(mayNeedOcr({ name: 'scan.PNG', type: 'image/png' })).toBe(true);
    expect(mayNeedOcr({ name: 'fax.pdf', type: 'application/pdf' })).toBe(true);
    expect(mayNeedOcr({ name: 'photo.jpeg', type: '' })).toBe(true);
    expect(mayNeedOcr({ name: 'newrx.XML', type: '' })).toBe(false);
    expect(mayNeedOcr({ name: 'newrx', type: 'text/xml' })).toBe(false);
    expect(mayNeedOcr({ name: 'newrx.edi', type: 'application/octet-stream' })).toBe(false);
  });
});

describe('upload rows', () => {
  const three = addUploadRows([], [{ key: 0, name: 'a.png' }, { key: 1, name: 'b.xml' }, { key: 2, name: 'c.pdf' }]);

  it('start waiting, newest drop first, and change one row at a time', () => {
    const later = addUploadRows(three, [{ key: 3, name: 'd.png' }]);
    expect(later.map((row) => row.name)).toEqual(['d.png', 'a.png', 'b.xml', 'c.pdf']);
    expect(later.every((row) => row.state.step === 'waiting')).toBe(true);
    const reading = updateUploadRow(later, 0, { state: { step: 'reading', progress: 0.42 } });
    expect(reading.find((row) => row.key === 0)?.state).toEqual({ step: 'reading', progress: 0.42 });
    expect(reading.filter((row) => row.state.step === 'waiting')).toHaveLength(3);
    expect(uploadStatusText({ step: 'reading', progress: 0.42 })).toBe('Reading text… 42%');
    expect(uploadStatusText({ step: 'uploading', progress: 1 })).toBe('Uploading… 100%');
  });

  it('end uploaded, already uploaded (409) or refused with the reason, and the OCR note says why it went without text', () => {
    expect(failedUploadState(uploadFailure(409, JSON.stringify({ error: PRESCRIPTION_FILE_MESSAGES.duplicate })))).toEqual({
      step: 'duplicate', reason: PRESCRIPTION_FILE_MESSAGES.duplicate,
    });
    expect(failedUploadState(uploadFailure(413, JSON.stringify({ error: PRESCRIPTION_FILE_MESSAGES.tooLarge })))).toEqual({
      step: 'refused', reason: PRESCRIPTION_FILE_MESSAGES.tooLarge,
    });
    expect(failedUploadState(new Error('Sign in again to upload'))).toEqual({ step: 'refused', reason: 'Sign in again to upload' });
    expect(uploadStatusText({ step: 'duplicate', reason: PRESCRIPTION_FILE_MESSAGES.duplicate })).toBe(PRESCRIPTION_FILE_MESSAGES.duplicate);
    expect(ocrFailureNote(new Error('worker failed'))).toBe('Text could not be read on this terminal (worker failed); uploaded without it.');
  });

  it('sum up many rows and clear the finished ones, keeping those in progress', () => {
    let rows: UploadRow[] = three;
    rows = updateUploadRow(rows, 0, { state: { step: 'uploaded' } });
    rows = updateUploadRow(rows, 1, { state: { step: 'duplicate', reason: PRESCRIPTION_FILE_MESSAGES.duplicate } });
    expect(uploadSummary(rows)).toBe('1 of 3 uploaded · 1 already uploaded · 1 in progress');
    rows = updateUploadRow(rows, 2, { state: { step: 'refused', reason: PRESCRIPTION_FILE_MESSAGES.unknownType } });
    expect(uploadSummary(rows)).toBe('1 of 3 uploaded · 1 already uploaded · 1 refused');
    expect(clearFinishedUploads(rows)).toEqual([]);
    expect(clearFinishedUploads(updateUploadRow(rows, 2, { state: { step: 'uploading', progress: 0.5 } })).map((row) => row.key)).toEqual([2]);
  });
});
