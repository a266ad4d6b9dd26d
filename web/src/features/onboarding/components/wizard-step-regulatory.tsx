/** Wizard step 2, Regulatory Information: NCPDP, NABP, DEA, state license and NPI. */
import { NPI_LENGTH } from '@pharmacy/shared/common/field-rules.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import type { WizardStepProps } from './wizard-form.ts';

export function WizardStepRegulatory({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="NCPDP Provider ID" required hint="At least 7 characters" error={errors.ncpdpId?.message} {...register('ncpdpId')} />
      <TextField label="NABP Number" required error={errors.nabpNumber?.message} {...register('nabpNumber')} />
      <TextField label="DEA Number" required placeholder="AB1234563" hint="Two capital letters, then seven digits (the last a check digit)" error={errors.deaNumber?.message} {...register('deaNumber')} />
      <TextField label="NPI Number" required inputMode="numeric" maxLength={NPI_LENGTH} placeholder="10 digits" error={errors.npiNumber?.message} {...register('npiNumber')} />
      <TextField label="State License Number" required error={errors.stateLicenseNumber?.message} {...register('stateLicenseNumber')} />
      <SelectField label="License State" required placeholder="Select state" options={US_STATE_OPTIONS} error={errors.stateLicenseState?.message} {...register('stateLicenseState')} />
    </div>
  );
}
