/**
 * The Prescription Labels screen (spec §2 "Prescription Labels", §4 "Label page"): the generator with its
 * preview, the quick actions, the printer card and the prescriptions card, kept live through Realtime.
 * Selecting a prescription fills the generator and turns custom mode off; turning custom mode on drops the
 * selection, so Generate Label never prints a prescription whose fields were edited away from it.
 */
import { useState } from 'react';
import { usePrintLabel } from '../../../hooks/use-print-label.ts';
import { MonographPrintDialog } from '../../../components/print/monograph-print-dialog.tsx';
import { EMPTY_LABEL_FORM, formFromPrescription, previewContent, type LabelFormValues, type LabelPreviewContent } from '../label-form.ts';
import type { LabelPrescription } from '../label-prescription.ts';
import { LabelGeneratorCard } from './label-generator-card.tsx';
import { LabelPrescriptionsCard } from './label-prescriptions-card.tsx';
import { LabelPreviewDialog } from './label-preview-dialog.tsx';
import { LabelsQuickActions } from './labels-quick-actions.tsx';
import { PrinterStatusCard } from './printer-status-card.tsx';

export interface LabelsPageProps {
  pharmacyId: string;
}

export function LabelsPage({ pharmacyId }: LabelsPageProps) {
  const [form, setForm] = useState<LabelFormValues>(EMPTY_LABEL_FORM);
  const [selected, setSelected] = useState<LabelPrescription | null>(null);
  const [customMode, setCustomMode] = useState(false);
  const [preview, setPreview] = useState<LabelPreviewContent | null>(null);
  const generate = usePrintLabel(pharmacyId);
  const printingId = generate.printingId;

  function select(prescription: LabelPrescription) {
    setSelected(prescription);
    setForm(formFromPrescription(prescription));
    setCustomMode(false);
  }

  function changeCustomMode(custom: boolean) {
    setCustomMode(custom);
    if (custom) setSelected(null);
  }

  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Prescription Labels</h1>
        <p className="text-sm text-base-content/70">Generate, preview and print prescription labels</p>
      </header>
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="flex flex-col gap-6 xl:col-span-2">
          <LabelGeneratorCard
            form={form}
            onFormChange={setForm}
            selected={selected}
            customMode={customMode}
            onCustomModeChange={changeCustomMode}
            generating={generate.isPending}
            onGenerate={() => selected && generate.print(selected.id)}
            onPreview={() => setPreview(previewContent(form, customMode ? null : selected))}
          />
          <LabelPrescriptionsCard
            pharmacyId={pharmacyId}
            selectedId={selected?.id ?? null}
            onSelect={select}
            onPrint={(prescription) => generate.print(prescription.id)}
            printingId={printingId}
          />
        </div>
        <div className="flex flex-col gap-6">
          <LabelsQuickActions />
          <PrinterStatusCard />
        </div>
      </div>
      <LabelPreviewDialog content={preview} onClose={() => setPreview(null)} />
      <MonographPrintDialog flow={generate} />
    </section>
  );
}
