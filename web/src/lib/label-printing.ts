/**
 * Label printing shared by the queue and the labels screen: POST /api/labels/generate {prescriptionId}
 * (spec §4, §7) returns the label HTML of a verified prescription (the server records the print), and the
 * HTML opens in a new window for the browser's print dialog. A blocked popup does nothing, silently (spec §4).
 *
 * The generated page never runs script in the app's origin, whatever it contains (its values are escaped
 * by the server; this is the second line, should a template ever miss one): it opens as a blob: document
 * whose first element is a Content-Security-Policy allowing markup, inline styles and data: images only
 * (no script, no event handler attribute), and the window has no opener to reach back into the app. The
 * page is the window's own document, so its print CSS (`@page` size) applies to the print dialog.
 */
import { generateLabelEndpoint, generateMonographEndpoint } from '@pharmacy/shared/api/labels.ts';
import type { LabelPrintRequest } from '@pharmacy/shared/labels/print-request.ts';
import { invokeApi } from './invoke-api.ts';
import { printableDocument } from './printable-document.ts';

export const LABEL_GENERATED_MESSAGE = 'Label generated and ready for printing';
export const LABEL_FAILED_MESSAGE = 'Failed to generate label';
export const MONOGRAPH_GENERATED_MESSAGE = 'Patient information ready for printing';
export const MONOGRAPH_FAILED_MESSAGE = 'Failed to generate patient information';

/** How long the blob: URL stays valid: the new window loads it at once, then it is only memory. */
const PRINTABLE_URL_LIFETIME_MS = 60_000;

/**
 * The label page (with the patient-information sheet when the pharmacy prints it with the label; `monograph`
 * is the patient's choice where offered); a failure is an ApiError with the server's message.
 */
export function generateLabel(request: LabelPrintRequest): Promise<string> {
  return invokeApi(generateLabelEndpoint, request);
}

/** The patient-information sheet alone (monograph integration 'separate'). */
export function generateMonograph(request: LabelPrintRequest): Promise<string> {
  return invokeApi(generateMonographEndpoint, request);
}

/** Opens a generated label or receipt page in a new window, script-free (see above). */
export function openHtmlInNewWindow(html: string): void {
  const url = URL.createObjectURL(new Blob([printableDocument(html)], { type: 'text/html;charset=utf-8' }));
  window.open(url, '_blank', 'noopener,noreferrer');
  setTimeout(() => URL.revokeObjectURL(url), PRINTABLE_URL_LIFETIME_MS);
}
