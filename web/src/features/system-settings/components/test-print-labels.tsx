/**
 * The Printing tab's Test Print All Labels button: opens the print preview of every label type marked TEST
 * (api/test-print-labels.ts). It prints the saved settings, which the hint says.
 */
import { useTestPrintLabels } from '../api/test-print-labels.ts';

export interface TestPrintLabelsButtonProps {
  /** Unsaved changes on the tab: the test prints what is saved, so say so. */
  unsavedChanges?: boolean;
}

export function TestPrintLabelsButton({ unsavedChanges = false }: TestPrintLabelsButtonProps) {
  const testPrint = useTestPrintLabels();
  return (
    <div className="flex flex-col gap-1">
      <button type="button" className="btn btn-outline" disabled={testPrint.isPending} onClick={() => testPrint.mutate()}>
        {testPrint.isPending ? 'Generating...' : 'Test Print All Labels'}
      </button>
      {unsavedChanges ? <p className="text-xs text-base-content/70">Test print uses the saved settings. Save to test your changes.</p> : null}
    </div>
  );
}
