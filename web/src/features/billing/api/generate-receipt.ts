/**
 * Print Receipt (POST /api/receipts/generate): the fill's pickup receipt as a page, recorded as printed by the
 * server, opened script-free in a new window for the browser's print dialog (lib/label-printing.ts).
 */
import { generateReceiptEndpoint } from '@pharmacy/shared/api/labels.ts';
import { useMutation } from '@tanstack/react-query';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { openHtmlInNewWindow } from '../../../lib/label-printing.ts';

export async function printReceipt(prescriptionId: string): Promise<void> {
  openHtmlInNewWindow(await invokeApi(generateReceiptEndpoint, { prescriptionId }));
}

export function usePrintReceipt() {
  return useMutation({ meta: { writes: ['prescription_label_prints', 'audit_log'] }, mutationFn: printReceipt });
}
