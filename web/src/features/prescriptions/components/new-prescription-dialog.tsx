/**
 * 'Manual Prescription Entry' (spec §2): the four type buttons (Written RX default, Fax RX, Verbal Order,
 * E-Script) and the fields of §3 — fax adds fax number and original date, verbal adds caller information,
 * callback number and urgency level. Validated with the shared prescription schema, then the shared DEA rules
 * for a controlled drug (the server and the database hold them too). The creation flow (spec
 * §4) shows the 'prescription' overlay while the entry is sent (at least 1.5 s) and then the 'analysis'
 * overlay until the server has checked interactions and answered (at least 2 s), instead of the spec's
 * simulated delays; success toasts, closes and resets, failure closes the overlay and toasts the message.
 * Another door to the same entry (a prescription file's "Create prescription", composed by its route) gives the
 * form's first values with the chosen names, its own title, and its own request in place of POST /api/prescriptions.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  controlledSubstanceFieldIssues,
  prescriptionFormSchema,
  URGENCY_LEVELS,
  type PrescriptionFormInput,
  type PrescriptionFormValues,
  type PrescriptionType,
} from '@pharmacy/shared/prescriptions/prescription.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import type { TableName } from '../../../lib/table-queries.ts';
import { useCreatePrescription, type CreatedPrescription, type SubmitPrescription } from '../api/create-prescription.ts';
import { useMedicationChoice } from '../api/get-medication-choice.ts';
import { usePrescriberChoice } from '../api/get-prescriber-choice.ts';
import type { MedicationChoice } from '../api/search-medication-choices.ts';
import type { PrescriberChoice } from '../api/search-prescriber-choices.ts';
import { chosenChoice, showsOriginalDate } from '../prescription-form-choices.ts';
import { MedicationPickerField } from './medication-picker-field.tsx';
import { PatientPickerField } from './patient-picker-field.tsx';
import { PrescriberPickerField } from './prescriber-picker-field.tsx';

const TYPE_BUTTONS: readonly { type: PrescriptionType; label: string; toastName: string }[] = [
  { type: 'written', label: 'Written RX', toastName: 'Written' },
  { type: 'fax', label: 'Fax RX', toastName: 'Fax' },
  { type: 'verbal', label: 'Verbal Order', toastName: 'Verbal' },
  { type: 'electronic', label: 'E-Script', toastName: 'Electronic' },
];

/** Minimum display times of the overlays (spec §9: 1.5 s prescription, 2 s analysis). */
export const PRESCRIPTION_OVERLAY_MS = 1500;
export const ANALYSIS_OVERLAY_MS = 2000;

const EMPTY_FORM: PrescriptionFormInput = {
  prescriptionType: 'written',
  patientId: '',
  prescriberId: '',
  medicationId: '',
  directions: '',
  quantity: '',
  refills: '',
  daysSupply: '',
  faxNumber: '',
  originalDate: '',
  callerInfo: '',
  callbackNumber: '',
  urgencyLevel: '',
  exclusionOverrideReason: '',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A prescriber added from the form (the Provider Management dialog, given by the route: features do not import each other). */
export interface AddedPrescriber {
  id: string;
  label: string;
  deaNumber: string | null;
}

/** Renders the Add Provider dialog; `onSaved` chooses the new prescriber in this form. */
export type AddPrescriberDialog = (props: { onClose: () => void; onSaved: (prescriber: AddedPrescriber) => void }) => ReactNode;

/** The form's first values, with the names the pickers show for the patient, prescriber and medication they choose. */
export interface NewPrescriptionInitialValues {
  values: Partial<PrescriptionFormInput>;
  patientLabel?: string;
  prescriberLabel?: string;
  medicationLabel?: string;
}

export interface NewPrescriptionDialogProps {
  pharmacyId: string;
  onClose: () => void;
  /** Default 'Manual Prescription Entry'. */
  title?: string;
  /** First values (default: an empty Written RX). */
  initialValues?: NewPrescriptionInitialValues;
  /** Sends the entry in place of POST /api/prescriptions (default); `submitWrites` names the further tables it writes. */
  submit?: SubmitPrescription;
  submitWrites?: readonly TableName[];
  /** Told of the prescription entered, before the dialog closes. */
  onCreated?: (prescription: CreatedPrescription) => void;
  /** Whether the staff member may override a prescriber's OIG exclusion (prescribers:verify). */
  canOverrideExclusion?: boolean;
  /** The Add Provider dialog, when the prescriber is not on file. */
  addPrescriberDialog?: AddPrescriberDialog;
}

export function NewPrescriptionDialog({
  pharmacyId,
  onClose,
  title = 'Manual Prescription Entry',
  initialValues,
  submit: submitPrescription,
  submitWrites,
  onCreated,
  canOverrideExclusion = false,
  addPrescriberDialog,
}: NewPrescriptionDialogProps) {
  const [overlay, setOverlay] = useState<'prescription' | 'analysis' | null>(null);
  // The chosen prescriber (DEA number, verification, exclusion) and product (DEA schedule); the form holds their ids.
  const [prescriber, setPrescriber] = useState<PrescriberChoice | null>(null);
  const [addingPrescriber, setAddingPrescriber] = useState(false);
  // Bumped when a prescriber added here is chosen: the field starts again showing its name (choosing from the list
  // keeps the field, and the focus, as it is).
  const [pickerKey, setPickerKey] = useState(0);
  const [medication, setMedication] = useState<MedicationChoice | null>(null);
  const create = useCreatePrescription(pharmacyId, submitPrescription, submitWrites);
  const [startValues] = useState<PrescriptionFormInput>(() => ({ ...EMPTY_FORM, ...initialValues?.values }));
  const form = useForm<PrescriptionFormInput, unknown, PrescriptionFormValues>({
    resolver: zodResolver(prescriptionFormSchema),
    defaultValues: startValues,
  });
  const type = form.watch('prescriptionType') as PrescriptionType;
  const errors = form.formState.errors;
  // A prescriber or product the form was opened with is read by id, so its checks (DEA number, exclusion, schedule)
  // apply as for one picked here; nothing is read when the form opens empty.
  const presetPrescriber = usePrescriberChoice(pharmacyId, startValues.prescriberId ?? '');
  const presetMedication = useMedicationChoice(pharmacyId, startValues.medicationId);
  const chosenPrescriber = chosenChoice(prescriber, presetPrescriber.data ?? null, form.watch('prescriberId'));
  const chosenMedication = chosenChoice(medication, presetMedication.data ?? null, form.watch('medicationId'));
  const message = (field: keyof PrescriptionFormInput) => {
    const error = errors[field];
    return typeof error?.message === 'string' ? error.message : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    // DEA rules (21 CFR 1306) for a controlled drug, with the messages the server would answer.
    const today = new Date().toLocaleDateString('en-CA'); // the terminal's date, YYYY-MM-DD
    const deaIssues = controlledSubstanceFieldIssues({
      deaSchedule: chosenMedication?.value === values.medicationId ? chosenMedication.deaSchedule : null,
      refills: values.refills,
      prescriberDeaNumber: chosenPrescriber && chosenPrescriber.value === values.prescriberId ? chosenPrescriber.deaNumber : null,
      dateWritten: values.originalDate ?? today,
      today,
    });
    if (deaIssues.length > 0) {
      for (const field of new Set(deaIssues.map((issue) => issue.field))) {
        const text = deaIssues.filter((issue) => issue.field === field).map((issue) => issue.message).join('. ');
        form.setError(field, { message: text });
      }
      return;
    }
    setOverlay('prescription');
    const request = create.mutateAsync(values);
    // The request runs from the start; the overlays only keep their minimum times.
    request.catch(() => undefined);
    await wait(PRESCRIPTION_OVERLAY_MS);
    setOverlay('analysis');
    const [outcome] = await Promise.allSettled([request, wait(ANALYSIS_OVERLAY_MS)]);
    setOverlay(null);
    if (outcome.status === 'fulfilled') {
      onCreated?.(outcome.value);
      const typeName = TYPE_BUTTONS.find((button) => button.type === values.prescriptionType)?.toastName ?? 'Written';
      toast({ title: 'Success', description: `${typeName} prescription created and safety analyzed successfully` });
      form.reset(startValues);
      onClose();
    } else {
      const reason = outcome.reason instanceof Error && outcome.reason.message !== '' ? outcome.reason.message : 'Failed to create prescription';
      toast({ title: 'Error', description: reason, variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      size="lg"
      // While the entry is sent and analysed, it stays open: its outcome is shown here.
      dismissible={overlay === null}
      overlay={overlay ? <LoadingOverlay type={overlay} /> : null}
    >
      <div role="group" aria-label="Prescription type" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {TYPE_BUTTONS.map((button) => (
          <button
            key={button.type}
            type="button"
            aria-pressed={type === button.type}
            className={`btn btn-sm ${type === button.type ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => form.setValue('prescriptionType', button.type)}
          >
            {button.label}
          </button>
        ))}
      </div>
      <form className="mt-4 grid gap-3 sm:grid-cols-2" noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="patientId"
          render={({ field }) => (
            <PatientPickerField
              initialQuery={initialValues?.patientLabel && field.value === initialValues.values.patientId ? initialValues.patientLabel : ''}
              pharmacyId={pharmacyId}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={message('patientId')}
            />
          )}
        />
        <div className="flex flex-col gap-1">
          <Controller
            control={form.control}
            name="prescriberId"
            render={({ field }) => (
              <PrescriberPickerField
                key={pickerKey}
                initialQuery={
                  prescriber && prescriber.value === field.value
                    ? prescriber.label
                    : initialValues?.prescriberLabel && field.value === initialValues.values.prescriberId
                      ? initialValues.prescriberLabel
                      : ''
                }
                pharmacyId={pharmacyId}
                name={field.name}
                value={field.value ?? ''}
                onChange={(choice) => {
                  setPrescriber(choice);
                  field.onChange(choice?.value ?? '');
                }}
                onBlur={field.onBlur}
                error={message('prescriberId')}
              />
            )}
          />
          {addPrescriberDialog ? (
            <button type="button" className="btn btn-link btn-xs self-start px-0" onClick={() => setAddingPrescriber(true)}>
              Prescriber not on file? Add provider
            </button>
          ) : null}
        </div>
        {chosenPrescriber && chosenPrescriber.verificationStatus !== 'verified' && !chosenPrescriber.excluded ? (
          <p className="rounded-box bg-warning/20 px-3 py-2 text-sm sm:col-span-2" role="note">
            {chosenPrescriber.label} is not verified{chosenPrescriber.verificationReason ? `: ${chosenPrescriber.verificationReason}` : ''}.
          </p>
        ) : null}
        {chosenPrescriber?.excluded ? (
          <div role="alert" className="alert alert-error sm:col-span-2 flex flex-col items-start gap-2">
            <span>
              {chosenPrescriber.label} is on the OIG exclusion list{chosenPrescriber.verificationReason ? ` (${chosenPrescriber.verificationReason})` : ''}.{' '}
              {canOverrideExclusion
                ? 'To enter this prescription anyway, give your reason.'
                : 'Only a pharmacist or admin can enter a prescription from this prescriber.'}
            </span>
            {canOverrideExclusion ? (
              <TextField label="Exclusion override reason" className="w-full" error={message('exclusionOverrideReason')} {...form.register('exclusionOverrideReason')} />
            ) : null}
          </div>
        ) : null}
        <Controller
          control={form.control}
          name="medicationId"
          render={({ field }) => (
            <MedicationPickerField
              initialQuery={initialValues?.medicationLabel && field.value === initialValues.values.medicationId ? initialValues.medicationLabel : ''}
              pharmacyId={pharmacyId}
              name={field.name}
              value={field.value}
              onChange={(choice) => {
                setMedication(choice);
                field.onChange(choice?.value ?? '');
              }}
              onBlur={field.onBlur}
              error={message('medicationId')}
              className="sm:col-span-2"
            />
          )}
        />
        <TextField label="Directions" className="sm:col-span-2" error={message('directions')} required {...form.register('directions')} />
        <TextField label="Quantity" inputMode="numeric" error={message('quantity')} required {...form.register('quantity')} />
        <TextField label="Refills" inputMode="numeric" error={message('refills')} {...form.register('refills')} />
        <TextField label="Days Supply" inputMode="numeric" error={message('daysSupply')} {...form.register('daysSupply')} />
        {type === 'fax' ? <TextField label="Fax Number" type="tel" error={message('faxNumber')} {...form.register('faxNumber')} /> : null}
        {showsOriginalDate(type, startValues.originalDate, errors.originalDate !== undefined) ? (
          <TextField label="Original Date" type="date" error={message('originalDate')} {...form.register('originalDate')} />
        ) : null}
        {type === 'verbal' ? (
          <>
            <TextField label="Caller Information" error={message('callerInfo')} {...form.register('callerInfo')} />
            <TextField label="Callback Number" type="tel" error={message('callbackNumber')} {...form.register('callbackNumber')} />
            <SelectField
              label="Urgency Level"
              placeholder="Select urgency"
              options={URGENCY_LEVELS.map((level) => ({ value: level, label: level.charAt(0).toUpperCase() + level.slice(1) }))}
              error={message('urgencyLevel')}
              {...form.register('urgencyLevel')}
            />
          </>
        ) : null}
        <div className="modal-action sm:col-span-2">
          <button type="button" className="btn" onClick={onClose} disabled={overlay !== null}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={overlay !== null}>
            Create Prescription
          </button>
        </div>
      </form>
      {addingPrescriber && addPrescriberDialog
        ? addPrescriberDialog({
            onClose: () => setAddingPrescriber(false),
            onSaved: (added) => {
              const choice: PrescriberChoice = {
                value: added.id, label: added.label, deaNumber: added.deaNumber, verificationStatus: 'pending', verificationReason: null, excluded: false,
              };
              setPrescriber(choice);
              setPickerKey((key) => key + 1);
              form.setValue('prescriberId', added.id, { shouldValidate: true });
              setAddingPrescriber(false);
            },
          })
        : null}
    </Dialog>
  );
}
