/**
 * Label printing shared by the queue and the labels screen: POST /api/labels/generate {prescriptionId}
 * (spec §4, §7) returns the label HTML of a verified prescription (the server records the print), and the
 * HTML opens in a new window for the browser's print dialog. A blocked popup does nothing, silently (spec §4).
 */
import { readFunctionsErrorBody } from './functions-error.ts';
import { supabase } from './supabase.ts';

export const LABEL_GENERATED_MESSAGE = 'Label generated and ready for printing';
export const LABEL_FAILED_MESSAGE = 'Failed to generate label';

export async function generateLabel(prescriptionId: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<string>('api/labels/generate', { method: 'POST', body: { prescriptionId } });
  if (error) throw new Error((await readFunctionsErrorBody(error)).message);
  if (typeof data !== 'string' || data === '') throw new Error('The server answered without a label');
  return data;
}

export function openHtmlInNewWindow(html: string): void {
  const printWindow = window.open('', '_blank');
  if (!printWindow) return;
  printWindow.document.open();
  printWindow.document.write(html);
  printWindow.document.close();
}
