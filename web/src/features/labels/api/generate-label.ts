/**
 * POST /api/labels/generate {prescriptionId} (spec §4, §7, §8): the label HTML of a verified prescription,
 * opened in a new window for printing. The server records the print, so the labels lists are refreshed.
 * Toasts: 'Label generated and ready for printing', or the destructive 'Error' / 'Failed to generate label'.
 * A blocked popup does nothing, silently (spec §4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { readFunctionsErrorBody } from '../../../lib/functions-error.ts';
import { supabase } from '../../../lib/supabase.ts';
import { labelsKeys } from '../keys.ts';

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

export function useGenerateLabel(pharmacyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateLabel,
    onSuccess: (html) => {
      openHtmlInNewWindow(html);
      toast({ title: 'Success', description: LABEL_GENERATED_MESSAGE });
    },
    onError: (error) => {
      console.error('Label generation failed:', error);
      toast({ title: 'Error', description: LABEL_FAILED_MESSAGE, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsKeys.all(pharmacyId) }),
  });
}
