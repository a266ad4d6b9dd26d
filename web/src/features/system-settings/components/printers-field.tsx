/**
 * The pharmacy's printers (printing group `availablePrinters`, spec §3; at most MAX_PRINTERS, each ID once): one
 * fieldset per printer with every field, Add Printer and Remove. The label-type and monograph printer choices
 * offer these printers.
 */
import { MAX_PRINTERS, PRINTER_STATUSES, PRINTER_TEXT_MAX_LENGTH, PRINTER_TYPES } from '@pharmacy/shared/settings/printing.ts';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { PRINTER_TYPE_LABELS } from './option-labels.ts';
import { ChoiceSetting, choiceOptions, NumberSetting, TextSetting } from './settings-fields.tsx';

/** The next free "printer-N" id. */
function newPrinterId(taken: readonly { id?: string }[]): string {
  const ids = new Set(taken.map((printer) => printer.id));
  let number = taken.length + 1;
  while (ids.has(`printer-${number}`)) number += 1;
  return `printer-${number}`;
}

export function PrintersField() {
  const { control, getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'availablePrinters' });
  const { errors } = useFormState({ name: 'availablePrinters' });
  const listError = (get(errors, 'availablePrinters') as { message?: string; root?: { message?: string } } | undefined);
  const listMessage = listError?.root?.message ?? listError?.message;
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">Printers</legend>
      {fields.length === 0 ? <p className="text-sm text-base-content/70">No printers configured: labels print through the browser's print dialog.</p> : null}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="grid gap-3 rounded-box bg-base-200 p-3 md:grid-cols-3">
          <legend className="sr-only">Printer {index + 1}</legend>
          <TextSetting name={`availablePrinters.${index}.id`} label={`Printer ${index + 1} ID`} maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <TextSetting name={`availablePrinters.${index}.name`} label={`Printer ${index + 1} Name`} maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <ChoiceSetting name={`availablePrinters.${index}.type`} label={`Printer ${index + 1} Type`} options={choiceOptions(PRINTER_TYPES, PRINTER_TYPE_LABELS)} />
          <TextSetting name={`availablePrinters.${index}.location`} label={`Printer ${index + 1} Location`} maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <TextSetting name={`availablePrinters.${index}.driver`} label={`Printer ${index + 1} Driver`} maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <TextSetting name={`availablePrinters.${index}.paperSize`} label={`Printer ${index + 1} Paper Size`} maxLength={PRINTER_TEXT_MAX_LENGTH} />
          <ChoiceSetting
            name={`availablePrinters.${index}.status`}
            label={`Printer ${index + 1} Status`}
            options={choiceOptions(PRINTER_STATUSES, { online: 'Online', offline: 'Offline', error: 'Error' })}
          />
          <TextSetting name={`availablePrinters.${index}.ipAddress`} label={`Printer ${index + 1} IP Address`} hint="Blank for a USB or local printer" />
          <NumberSetting name={`availablePrinters.${index}.port`} label={`Printer ${index + 1} Port`} min={1} max={65535} />
          <div className="md:col-span-3 flex justify-end">
            <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => remove(index)}>
              Remove Printer {index + 1}
            </button>
          </div>
        </fieldset>
      ))}
      {listMessage ? (
        <p role="alert" className="text-sm text-error">
          {listMessage}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          disabled={fields.length >= MAX_PRINTERS}
          onClick={() =>
            append(
              { id: newPrinterId((getValues('availablePrinters') as { id?: string }[]) ?? []), name: '', type: 'regular_rx', location: '', driver: '', paperSize: '', status: 'online', ipAddress: '', port: 9100 },
              { shouldFocus: true, focusName: `availablePrinters.${fields.length}.name` },
            )
          }
        >
          Add Printer
        </button>
      </div>
    </fieldset>
  );
}
