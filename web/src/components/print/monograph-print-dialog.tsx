/**
 * The print flow's questions about the patient-information sheet (see hooks/use-print-label.ts): 'choose' asks
 * which sheet the patient wants (none, short, long or both; the pharmacy's format preselected) before the label
 * prints; 'separate-sheet' offers the sheet that prints on its own after the label (its own click opens its
 * window). Nothing shows when the pharmacy prints no monographs or decides for the patient.
 */
import { useState } from 'react';
import { MONOGRAPH_CHOICE_LABELS } from '@pharmacy/shared/labels/monograph-choice.ts';
import { MONOGRAPH_CHOICES, type MonographChoice } from '@pharmacy/shared/labels/print-request.ts';
import { Dialog } from '../ui/dialog.tsx';
import type { PrintLabelFlow } from '../../hooks/use-print-label.ts';

export interface MonographPrintDialogProps {
  flow: PrintLabelFlow;
}

function ChoiceForm({ flow }: MonographPrintDialogProps) {
  const [choice, setChoice] = useState<MonographChoice>(flow.defaultChoice);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        flow.choose(choice);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm">Which patient information sheet does the patient want printed with this label?</legend>
        {MONOGRAPH_CHOICES.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name="monograph-choice"
              value={option}
              checked={choice === option}
              onChange={() => setChoice(option)}
              data-autofocus={choice === option ? true : undefined}
            />
            {MONOGRAPH_CHOICE_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <div className="modal-action">
        <button type="button" className="btn" onClick={flow.closePrintStep} disabled={flow.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={flow.isPending}>
          {flow.isPending ? 'Generating...' : 'Print Label'}
        </button>
      </div>
    </form>
  );
}

export function MonographPrintDialog({ flow }: MonographPrintDialogProps) {
  const step = flow.printStep;
  return (
    <Dialog
      open={step !== null}
      onClose={flow.closePrintStep}
      title="Patient Information"
      size="md"
      dismissible={!flow.isPending && !flow.sheetPending}
    >
      {step?.kind === 'choose' ? <ChoiceForm flow={flow} /> : null}
      {step?.kind === 'separate-sheet' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">The label is open for printing. The patient information sheet prints on its own.</p>
          <div className="modal-action">
            <button type="button" className="btn" onClick={flow.closePrintStep} disabled={flow.sheetPending}>
              Close
            </button>
            <button type="button" className="btn btn-primary" onClick={flow.printSheet} disabled={flow.sheetPending} data-autofocus>
              {flow.sheetPending ? 'Generating...' : 'Print Patient Information'}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
