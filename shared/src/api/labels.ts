/**
 * Printing (spec §4, §7), signed-in staff only, acting as the caller (another pharmacy's prescription is 404;
 * one not verified yet is 409); each print is recorded:
 * - POST /api/labels/generate {prescriptionId} → 200 text/html: the label.
 * - POST /api/receipts/generate {prescriptionId} → 200 text/html: the pickup receipt with the price.
 */
import * as z from 'zod';
import { printRequestSchema } from '../schemas/print-request.ts';
import { apiEndpoint } from './endpoint.ts';

const printablePageSchema = z.string().min(1);

export const generateLabelEndpoint = apiEndpoint({
  method: 'POST',
  path: '/api/labels/generate',
  access: 'signed-in',
  request: printRequestSchema,
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
