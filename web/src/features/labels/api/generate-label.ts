/**
 * POST /api/labels/generate {prescriptionId} (spec §4, §7, §8): the label HTML of a verified prescription,
 * opened in a new window for printing. The server records the print, so the labels lists are refreshed.
 * Toasts: 'Label generated and ready for printing', or the destructive 'Error' / 'Failed to generate label'.
 * A blocked popup does nothing, silently (spec §4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { generateLabel, LABEL_FAILED_MESSAGE, LABEL_GENERATED_MESSAGE, openHtmlInNewWindow } from '../../../lib/label-printing.ts';
import { labelsKeys } from '../keys.ts';

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
