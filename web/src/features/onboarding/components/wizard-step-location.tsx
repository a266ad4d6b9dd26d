/** Wizard step 3, Location & Contact: address, phone (masked), fax, email and website. */
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import type { WizardStepProps } from './wizard-form.ts';

export function WizardStepLocation({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Street Address" required className="sm:col-span-2" autoComplete="street-address" error={errors.streetAddress?.message} {...register('streetAddress')} />
      <TextField label="City" required error={errors.city?.message} {...register('city')} />
      <SelectField label="State" required placeholder="Select state" options={US_STATE_OPTIONS} error={errors.state?.message} {...register('state')} />
      <TextField label="ZIP Code" required placeholder="12345 or 12345-6789" error={errors.zipCode?.message} {...register('zipCode')} />
      <TextField label="County" error={errors.county?.message} {...register('county')} />
      <TextField label="Phone" required type="tel" placeholder="(555) 123-4567" error={errors.phone?.message} {...withPhoneMask(register('phone'))} />
      <TextField label="Fax" type="tel" placeholder="(555) 123-4568" error={errors.fax?.message} {...withPhoneMask(register('fax'))} />
      <TextField label="Pharmacy Email" required type="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Website" type="url" placeholder="https://www.example-pharmacy.com" error={errors.website?.message} {...register('website')} />
    </div>
  );
}
