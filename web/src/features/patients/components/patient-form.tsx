/**
 * The patient form of Add Patient and Edit (react-hook-form with the shared patient schema): name, date of
 * birth, masked phone, email and email notifications consent, address, allergies and current medications (insurance
 * is the patient's plans, kept on their record). It reports the validated values; the caller saves them and says
 * when it is saving.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldError, type Merge } from 'react-hook-form';
import { patientFormSchema, type PatientFormInput, type PatientFormValues } from '@pharmacy/shared/patients/patient.ts';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import { NameListField } from './name-list-field.tsx';

export interface PatientFormProps {
  initialValues: PatientFormInput;
  submitLabel: string;
  savingLabel: string;
  isSaving: boolean;
  onSubmit: (values: PatientFormValues) => void;
  onCancel: () => void;
}

type ListErrors = Merge<FieldError, (FieldError | undefined)[]> | undefined;

function entryMessages(errors: ListErrors): (string | undefined)[] {
  if (!errors || !Array.isArray(errors)) return [];
  return Array.from(errors as (FieldError | undefined)[], (entry) => entry?.message);
}

export function PatientForm({ initialValues, submitLabel, savingLabel, isSaving, onSubmit, onCancel }: PatientFormProps) {
  const { register, control, handleSubmit, formState } = useForm<PatientFormInput, unknown, PatientFormValues>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: initialValues,
  });
  const { errors } = formState;

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" required autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last Name" required autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
        <TextField label="Date of Birth" required type="date" error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
        <TextField label="Phone" required type="tel" placeholder="(555) 123-4567" error={errors.phone?.message} {...withPhoneMask(register('phone'))} />
        <TextField label="Email" type="email" className="sm:col-span-2" error={errors.email?.message} {...register('email')} />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Email notifications: the patient agrees to be emailed about their prescriptions (e.g. ready for pickup)"
            error={errors.contactConsent?.message}
            {...register('contactConsent')}
          />
        </div>
        <TextField label="Street Address" className="sm:col-span-2" error={errors.streetAddress?.message} {...register('streetAddress')} />
        <TextField label="City" error={errors.city?.message} {...register('city')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="State" placeholder="State" options={US_STATE_OPTIONS} error={errors.state?.message} {...register('state')} />
          <TextField label="ZIP Code" placeholder="12345" error={errors.zipCode?.message} {...register('zipCode')} />
        </div>
        <Controller
          control={control}
          name="allergies"
          render={({ field }) => (
            <NameListField
              label="Allergies"
              entryLabel="Allergy"
              placeholder="e.g. Penicillin"
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              entryErrors={entryMessages(errors.allergies)}
              error={errors.allergies?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="currentMedications"
          render={({ field }) => (
            <NameListField
              label="Current Medications"
              entryLabel="Medication"
              placeholder="e.g. Lisinopril 10mg"
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              entryErrors={entryMessages(errors.currentMedications)}
              error={errors.currentMedications?.message}
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
          {isSaving ? savingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
