/**
 * Prescription files (spec part 2 §7 "Prescription files"; issue 23), staff of the pharmacy:
 * - POST /api/prescription-files — `multipart/form-data` with `file` (optional `prescriptionId`, `receivedAs`
 *   fax|scan, `ocr` the browser's OCR as JSON): the type decided by the bytes, 10 MB at most, the same bytes twice a
 *   409 duplicate; 201 with the file.
 * - GET /api/prescription-files?search=&status=&after=&limit= — one page (search on file name, patient, drug or
 *   prescriber), the processing stats and the next page's cursor.
 * - GET /api/prescription-files/{prescriptionId} — the files of one prescription (any of its fills).
 * - PUT /api/prescription-files/{id} — corrections, the review, a link to a prescription, OCR saved later.
 * - DELETE /api/prescription-files/{id} — the file and its row (refused for a dispensed prescription's file).
 * - POST /api/prescription-files/{id}/process (empty body) — a pending file's extraction.
 * - POST /api/prescription-files/{id}/prescription — a pending prescription entered from the file (the prescription
 *   form's body; the same checks as manual entry), linked to it; 201 with the prescription.
 */
import * as z from 'zod';
import {
  prescriptionFileListQuerySchema,
  prescriptionFileListSchema,
  prescriptionFileSchema,
  updatePrescriptionFileSchema,
  uploadFieldsSchema,
} from '../prescription-files/prescription-file.ts';
import { prescriptionFormSchema } from '../prescriptions/prescription.ts';
import { apiEndpoint } from './endpoint.ts';
import { prescriptionSchema } from './prescriptions.ts';

export const uploadPrescriptionFileEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescription-files',
  access: 'signed-in',
  request: uploadFieldsSchema,
  requestFormat: 'multipart',
  multipartJsonFields: ['ocr'],
  response: prescriptionFileSchema,
  format: 'json',
  successStatus: 201,
});

export const listPrescriptionFilesEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/prescription-files',
  access: 'signed-in',
  request: null,
  query: prescriptionFileListQuerySchema,
  response: prescriptionFileListSchema,
  format: 'json',
  successStatus: 200,
});

export const prescriptionFilesOfPrescriptionEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/prescription-files/:prescriptionId',
  access: 'signed-in',
  request: null,
  response: z.object({ files: z.array(prescriptionFileSchema) }),
  format: 'json',
  successStatus: 200,
});

export const updatePrescriptionFileEndpoint = apiEndpoint({
  method: 'PUT',
  path: '/api/prescription-files/:id',
  access: 'signed-in',
  request: updatePrescriptionFileSchema,
  response: prescriptionFileSchema,
  format: 'json',
  successStatus: 200,
});

export const deletePrescriptionFileEndpoint = apiEndpoint({
  method: 'DELETE',
  path: '/api/prescription-files/:id',
  access: 'signed-in',
  request: null,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  format: 'json',
  successStatus: 200,
});

export const processPrescriptionFileEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescription-files/:id/process',
  access: 'signed-in',
  request: z.object({}),
  bodyOptional: true,
  response: prescriptionFileSchema,
  format: 'json',
  successStatus: 200,
});

export const createPrescriptionFromFileEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/prescription-files/:id/prescription',
  access: 'signed-in',
  request: prescriptionFormSchema,
  response: prescriptionSchema,
  format: 'json',
  successStatus: 201,
});
