/** Wizard step 5, Admin Account: the pharmacy's first user, who signs in with this email and password. */
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import type { WizardStepProps } from './wizard-form.ts';

const LICENSE_TYPES = ['Pharmacist', 'Pharmacy Technician', 'Pharmacy Intern'].map((value) => ({ value, label: value }));

export function WizardStepAdmin({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Admin First Name" required error={errors.adminFirstName?.message} {...register('adminFirstName')} />
      <TextField label="Admin Last Name" required error={errors.adminLastName?.message} {...register('adminLastName')} />
      <TextField label="Admin Email" required type="email" autoComplete="username" error={errors.adminEmail?.message} {...register('adminEmail')} />
      <TextField label="Admin Phone" type="tel" placeholder="(555) 123-4567" error={errors.adminPhone?.message} {...withPhoneMask(register('adminPhone'))} />
      <TextField label="Admin Password" required type="password" autoComplete="new-password" hint="At least 8 characters" className="sm:col-span-2" error={errors.adminPassword?.message} {...register('adminPassword')} />
      <TextField label="Admin License Number" error={errors.adminLicenseNumber?.message} {...register('adminLicenseNumber')} />
      <SelectField label="Admin License State" placeholder="Select state" options={US_STATE_OPTIONS} error={errors.adminLicenseState?.message} {...register('adminLicenseState')} />
      <TextField label="Admin License Expiration" type="date" error={errors.adminLicenseExpiration?.message} {...register('adminLicenseExpiration')} />
      <SelectField label="Admin License Type" placeholder="Select license type" options={LICENSE_TYPES} error={errors.adminLicenseType?.message} {...register('adminLicenseType')} />
    </div>
  );
}
