/**
 * Test Print All Labels (System Settings → Printing): GET /api/labels/test-print, a page of each label type
 * (Regular Rx, shipping, robot, facility) at the saved sizes and options, marked TEST, opened in a new window
 * for the browser's print dialog (the same script-free window as labels). It prints the saved settings: save
 * the form first to test changes.
 */
import { testPrintLabelsEndpoint } from '@pharmacy/shared/api/labels.ts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { invokeApi } from '../../../lib/invoke-api.ts';
import { openHtmlInNewWindow } from '../../../lib/label-printing.ts';

export const TEST_PRINT_READY_MESSAGE = 'Test labels are ready for printing';
export const TEST_PRINT_FAILED_MESSAGE = 'Failed to generate the test labels';

export function testPrintLabels(): Promise<string> {
  return invokeApi(testPrintLabelsEndpoint);
}

export function useTestPrintLabels() {
  return useMutation({
    meta: { writes: [] },
    mutationFn: testPrintLabels,
    onSuccess: (html) => {
      openHtmlInNewWindow(html);
      toast({ title: 'Test Print', description: TEST_PRINT_READY_MESSAGE });
    },
    onError: (error) => {
      console.error('Test print failed:', error);
      toast({ title: 'Error', description: TEST_PRINT_FAILED_MESSAGE, variant: 'destructive' });
    },
  });
}
