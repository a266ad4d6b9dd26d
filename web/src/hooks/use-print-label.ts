/**
 * Print Label (spec §4, §7), one hook for the queue and the labels screen: POST /api/labels/generate for a
 * verified prescription, the label page opened in a new window for the browser's print dialog (a blocked
 * popup does nothing, silently), and the spec's toasts — 'Label generated and ready for printing', or the
 * destructive 'Error' / 'Failed to generate label'. The server records every print (prescription_label_prints), so
 * every screen listing prints refreshes after each attempt.
 *
 * The pharmacy's Printing settings add two steps, shown by MonographPrintDialog (the screen renders it with
 * `printStep`): where the patient may choose a patient-information sheet, Print asks first ('choose'), and the
 * choice goes with the request; where the sheet prints on its own (integration 'separate'), the dialog then
 * offers it ('separate-sheet'), so that second window opens from a click of its own (browsers allow one popup
 * per click).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { patientMayChoose, sheetPrintsSeparately } from '@pharmacy/shared/labels/monograph-choice.ts';
import type { LabelPrintRequest, MonographChoice } from '@pharmacy/shared/labels/print-request.ts';
import { PRINTING_SETTINGS_DEFAULTS } from '@pharmacy/shared/settings/printing.ts';
import { toast } from '../components/ui/toast/toast-store.ts';
import {
  generateLabel,
  generateMonograph,
  LABEL_FAILED_MESSAGE,
  LABEL_GENERATED_MESSAGE,
  MONOGRAPH_FAILED_MESSAGE,
  MONOGRAPH_GENERATED_MESSAGE,
  openHtmlInNewWindow,
} from '../lib/label-printing.ts';
import { useSettingsGroup } from './use-settings-group.ts';

/** The step of the print flow the dialog shows, if any. */
export type LabelPrintStep =
  | { kind: 'choose'; prescriptionId: string }
  | { kind: 'separate-sheet'; prescriptionId: string; monograph?: MonographChoice };

export function usePrintLabel(pharmacyId: string) {
  // Until the settings arrive, the defaults: no questions (monograph printing is off by default).
  const settings = useSettingsGroup(pharmacyId, 'printing').data ?? PRINTING_SETTINGS_DEFAULTS;
  const [printStep, setPrintStep] = useState<LabelPrintStep | null>(null);

  const label = useMutation({
    meta: { writes: ['prescription_label_prints', 'audit_log'] },
    mutationFn: generateLabel,
    onSuccess: (html, request) => {
      openHtmlInNewWindow(html);
      toast({ title: 'Success', description: LABEL_GENERATED_MESSAGE });
      setPrintStep(sheetPrintsSeparately(settings, request.monograph) ? { kind: 'separate-sheet', ...request } : null);
    },
    onError: (error) => {
      console.error('Label generation failed:', error);
      toast({ title: 'Error', description: LABEL_FAILED_MESSAGE, variant: 'destructive' });
      setPrintStep(null);
    },
  });

  const sheet = useMutation({
    meta: { writes: ['prescription_label_prints', 'audit_log'] },
    mutationFn: generateMonograph,
    onSuccess: (html) => {
      openHtmlInNewWindow(html);
      toast({ title: 'Success', description: MONOGRAPH_GENERATED_MESSAGE });
      setPrintStep(null);
    },
    onError: (error) => {
      console.error('Patient information failed:', error);
      toast({ title: 'Error', description: error instanceof Error && error.message ? error.message : MONOGRAPH_FAILED_MESSAGE, variant: 'destructive' });
    },
  });

  const send = (request: LabelPrintRequest) => label.mutate(request);

  return {
    /** Print Label: asks the patient's choice first where the pharmacy offers it. */
    print: (prescriptionId: string) => (patientMayChoose(settings) ? setPrintStep({ kind: 'choose', prescriptionId }) : send({ prescriptionId })),
    isPending: label.isPending,
    /** The prescription whose label is being generated. */
    printingId: label.isPending ? (label.variables?.prescriptionId ?? null) : null,
    printStep,
    /** The choice the 'choose' step starts from: the pharmacy's default monograph format. */
    defaultChoice: settings.monographFormat,
    /** The patient's answer in the 'choose' step. */
    choose: (monograph: MonographChoice) => {
      if (printStep?.kind === 'choose') send({ prescriptionId: printStep.prescriptionId, monograph });
    },
    /** Print Patient Information in the 'separate-sheet' step. */
    printSheet: () => {
      if (printStep?.kind === 'separate-sheet') sheet.mutate({ prescriptionId: printStep.prescriptionId, monograph: printStep.monograph });
    },
    sheetPending: sheet.isPending,
    closePrintStep: () => setPrintStep(null),
  };
}

export type PrintLabelFlow = ReturnType<typeof usePrintLabel>;
