/**
 * The label generator (spec §2, §4): the six fields, the selected-prescription / custom-entry toggle (fields
 * are locked while a selected prescription fills them), Generate Label for the selected prescription
 * ('Generating...' while pending) and Preview (once patient name and medication are filled, for a selected
 * prescription or in custom mode).
 */
import { TextField } from '../../../components/form/text-field.tsx';
import type { LabelFormValues } from '../label-form.ts';
import { refillText, type LabelPrescription } from '../label-prescription.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

export interface LabelGeneratorCardProps {
  form: LabelFormValues;
  onFormChange: (form: LabelFormValues) => void;
  selected: LabelPrescription | null;
  customMode: boolean;
  onCustomModeChange: (custom: boolean) => void;
  generating: boolean;
  onGenerate: () => void;
  onPreview: () => void;
}

const FIELDS: Array<{ name: keyof LabelFormValues; label: string; inputMode?: 'numeric' }> = [
  { name: 'patientName', label: 'Patient Name' },
  { name: 'prescriptionId', label: 'Prescription ID' },
  { name: 'medication', label: 'Medication' },
  { name: 'quantity', label: 'Quantity', inputMode: 'numeric' },
  { name: 'daysSupply', label: 'Days Supply', inputMode: 'numeric' },
];

export function LabelGeneratorCard(props: LabelGeneratorCardProps) {
  const { form, onFormChange, selected, customMode, onCustomModeChange, generating, onGenerate, onPreview } = props;
  const locked = !customMode;
  const canPreview = form.patientName.trim() !== '' && form.medication.trim() !== '' && (selected !== null || customMode);
  const set = (name: keyof LabelFormValues, value: string) => onFormChange({ ...form, [name]: value });

  return (
    <SectionCard
      title="Label Generator"
      gap="gap-4"
      headerAction={
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={customMode} onChange={(event) => onCustomModeChange(event.target.checked)} />
          Custom entry
        </label>
      }
    >
      <p className="text-sm text-base-content/70" data-testid="label-generator-mode">
        {customMode
          ? 'Custom entry: type the label yourself and preview it. Generate Label prints a selected prescription only.'
          : selected
            ? `Selected prescription RX ${selected.rxNumber}${refillText(selected) ? ` (${refillText(selected)})` : ''}. The fields come from the prescription and are locked.`
            : 'Select a prescription below, or switch to custom entry.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            inputMode={field.inputMode}
            value={form[field.name]}
            readOnly={locked}
            aria-readonly={locked}
            className={locked ? 'opacity-80' : undefined}
            onChange={(event) => set(field.name, event.target.value)}
          />
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="label-directions" className="text-sm font-medium">
          Directions
        </label>
        <textarea
          id="label-directions"
          name="directions"
          className="textarea w-full"
          rows={2}
          value={form.directions}
          readOnly={locked}
          onChange={(event) => set('directions', event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={selected === null || customMode || generating} onClick={onGenerate}>
          {generating ? 'Generating...' : 'Generate Label'}
        </button>
        <button type="button" className="btn btn-outline" disabled={!canPreview} onClick={onPreview}>
          Preview
        </button>
      </div>
    </SectionCard>
  );
}
