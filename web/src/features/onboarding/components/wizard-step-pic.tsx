/** Wizard step 4, Pharmacist in Charge: name and license. */
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import type { WizardStepProps } from './wizard-form.ts';

export function WizardStepPic({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="PIC First Name" required error={errors.picFirstName?.message} {...register('picFirstName')} />
      <TextField label="PIC Last Name" required error={errors.picLastName?.message} {...register('picLastName')} />
      <TextField label="PIC License Number" required error={errors.picLicenseNumber?.message} {...register('picLicenseNumber')} />
      <SelectField label="PIC License State" required placeholder="Select state" options={US_STATE_OPTIONS} error={errors.picLicenseState?.message} {...register('picLicenseState')} />
      <TextField label="PIC License Expiration" required type="date" error={errors.picLicenseExpiration?.message} {...register('picLicenseExpiration')} />
    </div>
  );
}
