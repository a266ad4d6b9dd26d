/**
 * Printing (spec §4, §7; System Settings → Printing / Labels), signed-in staff only, acting as the caller
 * (another pharmacy's prescription is 404; one not verified yet is 409); each print is recorded:
 * - POST /api/labels/generate {prescriptionId, monograph?} → 200 text/html: the label at the pharmacy's label
 *   size, labels per page, barcode and logo settings, followed by the patient-information sheet when monograph
 *   printing is on and integrated with the label. `monograph` is the patient's choice (none/short/long/both),
 *   accepted only where the pharmacy lets the patient choose (400 otherwise).
 * - POST /api/labels/monograph {prescriptionId, monograph?} → 200 text/html: the sheet alone (integration
 *   'separate', or a reprint); 409 when monograph printing is off or nothing is chosen.
 * - GET /api/labels/test-print → 200 text/html: Test Print All Labels, a page of each label type marked TEST (it
 *   changes nothing, so a GET).
 * - POST /api/receipts/generate {prescriptionId} → 200 text/html: the pickup receipt with the price.
 */
import * as z from 'zod';
import { labelPrintRequestSchema, printRequestSchema } from '../labels/print-request.ts';
import { apiEndpoint } from './endpoint.ts';

const printablePageSchema = z.string().min(1);

export const generateLabelEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/labels/generate',
  access: 'signed-in',
  request: labelPrintRequestSchema,
  response: printablePageSchema,
  format: 'html',
  successStatus: 200,
});

export const generateMonographEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/labels/monograph',
  access: 'signed-in',
  request: labelPrintRequestSchema,
  response: printablePageSchema,
  format: 'html',
  successStatus: 200,
});

export const testPrintLabelsEndpoint = apiEndpoint({
  method: 'GET',
  path: '/api/labels/test-print',
  access: 'signed-in',
  request: null,
  response: printablePageSchema,
  format: 'html',
  successStatus: 200,
});

export const generateReceiptEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/receipts/generate',
  access: 'signed-in',
  request: printRequestSchema,
  response: printablePageSchema,
  format: 'html',
  successStatus: 200,
});
