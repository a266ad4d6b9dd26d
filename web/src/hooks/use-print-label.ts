/**
 * Print Label (spec §4, §7), one hook for the queue and the labels screen: POST /api/labels/generate for a
 * verified prescription, the label page opened in a new window for the browser's print dialog (a blocked
 * popup does nothing, silently), and the spec's toasts — 'Label generated and ready for printing', or the
 * destructive 'Error' / 'Failed to generate label'. The server records every print; a screen listing prints
 * names its queries in `refreshAfterPrint`.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../components/ui/toast/toast-store.ts';
import { generateLabel, LABEL_FAILED_MESSAGE, LABEL_GENERATED_MESSAGE, openHtmlInNewWindow } from '../lib/label-printing.ts';

export interface PrintLabelOptions {
  /** Queries showing label prints, refreshed after each attempt. */
  refreshAfterPrint?: QueryKey;
}

export function usePrintLabel({ refreshAfterPrint }: PrintLabelOptions = {}) {
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
    onSettled: () => (refreshAfterPrint ? queryClient.invalidateQueries({ queryKey: refreshAfterPrint }) : undefined),
  });
}
