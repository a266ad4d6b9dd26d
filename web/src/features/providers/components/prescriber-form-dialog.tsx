/**
 * Add Provider / Edit (issue 22): one dialog with react-hook-form over the shared prescriber form schema, saving
 * through POST or PUT /api/prescribers. The server's refusals (a duplicate NPI, a check digit, a field's rule) show
 * in the dialog, at the field when the answer names it; the DEA initial warning shows under the DEA field as typed and,
 * when the saved answer carries warnings, in the toast after the save. Self-contained ({open, onClose, onSaved}) so
 * a route can place it elsewhere too (the New Prescription form's "Add provider").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import {
  EMPTY_PRESCRIBER_FORM,
  prescriberFormFromPrescriber,
  prescriberFormSchema,
  prescriberFormWarnings,
  type Prescriber,
  type PrescriberForm,
  type PrescriberFormInput,
} from '@pharmacy/shared/prescribers/prescriber.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSavePrescriber, type SavedPrescriber } from '../api/save-prescriber.ts';
import { boardCertificationsFromText, boardCertificationsText } from '../provider-format.ts';

export interface PrescriberFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the prescriber as saved (after the dialog's own toast). */
  onSaved: (prescriber: SavedPrescriber) => void;
  /** The prescriber to edit; none to add one. */
  prescriber?: Prescriber | null;
  /** Values to start from instead of the prescriber's (e.g. NPPES's details), still saved to `prescriber`. */
  initialValues?: PrescriberForm;
}

export function PrescriberFormDialog({ open, onClose, onSaved, prescriber = null, initialValues }: PrescriberFormDialogProps) {
  const save = useSavePrescriber();
  return (
    <Dialog open={open} onClose={() => (save.isPending ? undefined : onClose())} dismissible={!save.isPending} title={prescriber ? 'Edit Provider' : 'Add Provider'} size="xl" closeButton>
      <PrescriberFormBody
        prescriberId={prescriber?.id ?? null}
        initialValues={initialValues ?? (prescriber ? prescriberFormFromPrescriber(prescriber) : EMPTY_PRESCRIBER_FORM)}
        isSaving={save.isPending}
        onCancel={onClose}
        onSubmit={async (form, placeError) => {
          try {
            const saved = await save.mutateAsync({ prescriberId: prescriber?.id ?? null, form });
            toast({
              title: saved.warnings.length > 0 ? 'Provider saved with a warning' : prescriber ? 'Provider updated' : 'Provider added',
              description: saved.warnings.length > 0 ? saved.warnings.join(' ') : `${saved.firstName} ${saved.lastName} is on file.`,
            });
            onSaved(saved);
          } catch (error) {
            placeError(error);
          }
        }}
      />
    </Dialog>
  );
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PRESCRIBER_FORM));

interface PrescriberFormBodyProps {
  prescriberId: string | null;
  initialValues: PrescriberForm;
  isSaving: boolean;
  onCancel: () => void;
  onSubmit: (form: PrescriberForm, placeError: (error: unknown) => void) => Promise<void>;
}

function PrescriberFormBody({ prescriberId, initialValues, isSaving, onCancel, onSubmit }: PrescriberFormBodyProps) {
  const form = useForm<PrescriberFormInput, unknown, PrescriberForm>({ resolver: zodResolver(prescriberFormSchema), defaultValues: initialValues });
  const { register, control, handleSubmit, formState, setError } = form;
  const { errors } = formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const [deaNumber, lastName] = useWatch({ control, name: ['deaNumber', 'lastName'] });
  const deaWarnings = prescriberFormWarnings({ deaNumber: (deaNumber ?? '').trim().toUpperCase(), lastName: (lastName ?? '').trim() });

  const placeError = (error: unknown) => {
    if (error instanceof ApiError && error.fields.length > 0) {
      const unplaced: string[] = [];
      for (const issue of error.fields) {
        const name = issue.path.split('.')[0] ?? '';
        if (FORM_FIELDS.has(name)) setError(name as Path<PrescriberFormInput>, { type: 'server', message: issue.message }, { shouldFocus: true });
        else unplaced.push(issue.message);
      }
      setServerError(unplaced.length > 0 ? unplaced.join(' ') : 'Fix the fields marked below.');
      return;
    }
    setServerError(error instanceof Error ? error.message : String(error));
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      aria-label={prescriberId ? 'Edit provider' : 'Add provider'}
      onSubmit={(event) =>
        void handleSubmit(async (values) => {
          setServerError(null);
          await onSubmit(values, placeError);
        })(event)
      }
    >
      {serverError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {serverError}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid grid-cols-[6rem_1fr] gap-4 sm:col-span-2 sm:grid-cols-[6rem_1fr_1fr]">
          <TextField label="Title" placeholder="Dr." autoComplete="off" error={errors.title?.message} {...register('title')} data-autofocus />
          <TextField label="First Name" required autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Last Name" required autoComplete="off" className="col-span-2 sm:col-span-1" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField label="Degree" placeholder="MD" autoComplete="off" error={errors.degree?.message} {...register('degree')} />
        <TextField label="Specialty" placeholder="Internal Medicine" autoComplete="off" error={errors.specialty?.message} {...register('specialty')} />
        <TextField label="NPI Number" required inputMode="numeric" maxLength={10} autoComplete="off" error={errors.npiNumber?.message} {...register('npiNumber')} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField
          label="DEA Number"
          placeholder="AB1234563"
          autoComplete="off"
          error={errors.deaNumber?.message}
          hint={deaWarnings.length > 0 ? `Warning: ${deaWarnings.join(' ')}` : undefined}
          {...register('deaNumber')}
        />
        <TextField label="DEA Expiration" type="date" error={errors.deaExpiration?.message} {...register('deaExpiration')} />
        <TextField label="Licence Number" autoComplete="off" error={errors.licenseNumber?.message} {...register('licenseNumber')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Licence State" placeholder="State" options={US_STATE_OPTIONS} error={errors.licenseState?.message} {...register('licenseState')} />
          <TextField label="Licence Expiration" type="date" error={errors.licenseExpiration?.message} {...register('licenseExpiration')} />
        </div>
        <TextField label="Phone" type="tel" placeholder="(555) 123-4567" error={errors.phone?.message} {...withPhoneMask(register('phone'))} />
        <TextField label="Fax" type="tel" placeholder="(555) 123-4567" error={errors.fax?.message} {...withPhoneMask(register('fax'))} />
        <TextField label="Practice Address" className="sm:col-span-2" error={errors.practiceAddress?.message} {...register('practiceAddress')} />
        <TextField label="Practice City" error={errors.practiceCity?.message} {...register('practiceCity')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Practice State" placeholder="State" options={US_STATE_OPTIONS} error={errors.practiceState?.message} {...register('practiceState')} />
          <TextField label="ZIP Code" placeholder="12345" error={errors.practiceZipCode?.message} {...register('practiceZipCode')} />
        </div>
        <Controller
          control={control}
          name="boardCertifications"
          render={({ field }) => (
            <BoardCertificationsField
              initial={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.boardCertifications?.message ?? (Array.isArray(errors.boardCertifications) ? errors.boardCertifications.find(Boolean)?.message : undefined)}
            />
          )}
        />
      </div>
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSaving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSaving}>
          {isSaving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isSaving ? 'Saving…' : prescriberId ? 'Save Changes' : 'Add Provider'}
        </button>
      </div>
    </form>
  );
}

/** Board certifications typed one per line or comma-separated; the text stays as typed, the form holds the list. */
function BoardCertificationsField({ initial, onChange, onBlur, error }: { initial: string[]; onChange: (list: string[]) => void; onBlur: () => void; error?: string }) {
  const [text, setText] = useState(() => boardCertificationsText(initial));
  return (
    <TextAreaField
      label="Board Certifications (one per line or comma-separated)"
      className="sm:col-span-2"
      rows={2}
      value={text}
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(boardCertificationsFromText(event.target.value));
      }}
    />
  );
}
