/**
 * Body of POST /api/labels/generate and POST /api/receipts/generate: the prescription to print.
 */
import * as z from 'zod';

export const PRINT_REQUEST_MESSAGE = 'Select a prescription to print';

export const printRequestSchema = z.object({
  prescriptionId: z
    .string({ error: PRINT_REQUEST_MESSAGE })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, PRINT_REQUEST_MESSAGE),
});

export type PrintRequest = z.output<typeof printRequestSchema>;
