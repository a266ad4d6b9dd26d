/** Tabbed onboarding, Pharmacy tab: the pharmacy's identity, licenses, address and contact. */
import { NPI_LENGTH } from '@pharmacy/shared/common/field-rules.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { withPhoneMask } from '../../../components/form/phone-mask.ts';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import type { TabbedForm } from './tabbed-form.ts';

export function TabbedPharmacyTab({ form }: { form: TabbedForm }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Pharmacy Name" required className="sm:col-span-2" error={errors.pharmacyName?.message} {...register('pharmacyName')} />
      <TextField label="DEA Number" required placeholder="AB1234563" error={errors.deaNumber?.message} {...register('deaNumber')} />
      <TextField label="NCPDP ID" required error={errors.ncpdpId?.message} {...register('ncpdpId')} />
      <TextField label="NPI Number" required inputMode="numeric" maxLength={NPI_LENGTH} error={errors.npiNumber?.message} {...register('npiNumber')} />
      <TextField label="State License Number" required error={errors.licenseNumber?.message} {...register('licenseNumber')} />
      <SelectField label="License State" required placeholder="Select state" options={US_STATE_OPTIONS} error={errors.licenseState?.message} {...register('licenseState')} />
      <TextField label="Address" required className="sm:col-span-2" autoComplete="street-address" error={errors.address?.message} {...register('address')} />
      <TextField label="City" required error={errors.city?.message} {...register('city')} />
      <SelectField label="State" required placeholder="Select state" options={US_STATE_OPTIONS} error={errors.state?.message} {...register('state')} />
      <TextField label="ZIP Code" required error={errors.zipCode?.message} {...register('zipCode')} />
      <TextField label="Phone" required type="tel" placeholder="(555) 123-4567" error={errors.phone?.message} {...withPhoneMask(register('phone'))} />
      <TextField label="Fax" type="tel" placeholder="(555) 123-4568" error={errors.fax?.message} {...withPhoneMask(register('fax'))} />
      <TextField label="Pharmacy Email" required type="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Website" type="url" placeholder="https://www.example-pharmacy.com" className="sm:col-span-2" error={errors.website?.message} {...register('website')} />
    </div>
  );
}
