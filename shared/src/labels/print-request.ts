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

export const MONOGRAPH_CHOICE_MESSAGE = 'Choose no patient information, short, long or both';
/** What the patient may ask for at the print dialog: no sheet, the short, the long or both formats. */
export const MONOGRAPH_CHOICES = ['none', 'short', 'long', 'both'] as const;
export type MonographChoice = (typeof MONOGRAPH_CHOICES)[number];

/**
 * Body of POST /api/labels/generate and /api/labels/monograph: the prescription, and the patient's monograph
 * choice when the print dialog offered one (shared/src/labels/monograph.ts MONOGRAPH_CHOICES).
 */
export const labelPrintRequestSchema = printRequestSchema.extend({
  monograph: z.enum(MONOGRAPH_CHOICES, { error: MONOGRAPH_CHOICE_MESSAGE }).optional(),
});

export type LabelPrintRequest = z.output<typeof labelPrintRequestSchema>;
