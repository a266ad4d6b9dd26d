/**
 * Labels tab (spec part 2 §2, §3 "labels"): monograph printing's switch, default format and integration with the
 * prescription label, and the pharmacy's monograph list — one entry per drug with its short and long switches;
 * a custom monograph carries the texts the pharmacist writes (Add Custom Monograph). Importing entries from the
 * drug knowledge base and the test prints are other features' tools, placed by the route.
 */
import { LONG_MONOGRAPH_TEXT_MAX_LENGTH, MAX_MONOGRAPHS, MONOGRAPH_NAME_MAX_LENGTH, type MonographEntry } from '@pharmacy/shared/settings/labels.ts';
import { MONOGRAPH_FORMAT_LABELS, MONOGRAPH_FORMATS, MONOGRAPH_INTEGRATIONS, MONOGRAPH_MAX_CHARACTERS_MAX } from '@pharmacy/shared/settings/printing.ts';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MONOGRAPH_INTEGRATION_LABELS } from './option-labels.ts';
import { ChoiceSetting, choiceOptions, SettingsSection, TextAreaSetting, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

export function LabelsTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="labels" saveLabel="Save Monograph Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="Monograph printing">
          <ToggleSetting name="enableMonographPrinting" label="Enable monograph printing" />
          <ChoiceSetting name="defaultMonographFormat" label="Default Monograph Format" options={choiceOptions(MONOGRAPH_FORMATS, MONOGRAPH_FORMAT_LABELS)} />
          <ChoiceSetting name="monographIntegration" label="Integration with Prescription Labels" options={choiceOptions(MONOGRAPH_INTEGRATIONS, MONOGRAPH_INTEGRATION_LABELS)} />
        </SettingsSection>
        <MonographsField />
      </>
    </SettingsGroupForm>
  );
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function MonographsField() {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'monographs' });
  const entries = (useWatch({ name: 'monographs' }) as MonographEntry[] | undefined) ?? [];
  const { errors } = useFormState({ name: 'monographs' });
  const listError = get(errors, 'monographs') as { message?: string; root?: { message?: string } } | undefined;
  const listMessage = listError?.root?.message ?? listError?.message;
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">Monographs</legend>
      {fields.length === 0 ? <p className="text-sm text-base-content/70">No monographs yet. Import them from the drug database or add a custom monograph.</p> : null}
      {fields.map((field, index) => {
        const entry = entries[index];
        const custom = entry?.source === 'custom';
        const title = entry?.drugName || `Monograph ${index + 1}`;
        return (
          <fieldset key={field.id} className="grid gap-3 rounded-box bg-base-200 p-3 md:grid-cols-2">
            <legend className="sr-only">{title}</legend>
            <p className="md:col-span-2 text-sm text-base-content/70">
              {custom ? 'Custom monograph' : 'From the drug database'} · updated {entry?.lastUpdated}
            </p>
            <TextSetting name={`monographs.${index}.drugName`} label={`Monograph ${index + 1} Drug Name`} maxLength={MONOGRAPH_NAME_MAX_LENGTH} />
            <TextSetting name={`monographs.${index}.genericName`} label={`Monograph ${index + 1} Generic Name`} maxLength={MONOGRAPH_NAME_MAX_LENGTH} />
            <ToggleSetting name={`monographs.${index}.shortMonographEnabled`} label={`Short monograph for ${title}`} />
            <ToggleSetting name={`monographs.${index}.longMonographEnabled`} label={`Long monograph for ${title}`} />
            {custom ? (
              <>
                <TextAreaSetting name={`monographs.${index}.shortText`} label={`${title} short text`} maxLength={MONOGRAPH_MAX_CHARACTERS_MAX} />
                <TextAreaSetting name={`monographs.${index}.longText`} label={`${title} long text`} maxLength={LONG_MONOGRAPH_TEXT_MAX_LENGTH} rows={6} />
              </>
            ) : null}
            <div className="md:col-span-2 flex justify-end">
              <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => remove(index)}>
                Remove {title}
              </button>
            </div>
          </fieldset>
        );
      })}
      {listMessage ? (
        <p role="alert" className="text-sm text-error">
          {listMessage}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={fields.length >= MAX_MONOGRAPHS}
          onClick={() =>
            append(
              {
                drugId: `custom-${crypto.randomUUID()}`,
                drugName: '',
                genericName: '',
                source: 'custom',
                lastUpdated: today(),
                shortMonographEnabled: true,
                longMonographEnabled: false,
                shortText: '',
                longText: '',
              } satisfies MonographEntry,
              { shouldFocus: true, focusName: `monographs.${fields.length}.drugName` },
            )
          }
        >
          Add Custom Monograph
        </button>
      </div>
    </fieldset>
  );
}
