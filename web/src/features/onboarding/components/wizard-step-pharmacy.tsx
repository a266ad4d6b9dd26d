/** Wizard step 1, Pharmacy Information: names, chain affiliation and business details. */
import { CHAIN_AFFILIATIONS } from '@pharmacy/shared/onboarding/chain-affiliations.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import type { WizardStepProps } from './wizard-form.ts';

const CHAIN_OPTIONS = CHAIN_AFFILIATIONS.map((chain) => ({ value: chain, label: chain }));
const BUSINESS_TYPES = ['Retail Pharmacy', 'Compounding Pharmacy', 'Specialty Pharmacy', 'Long-Term Care Pharmacy', 'Hospital Pharmacy', 'Mail-Order Pharmacy'];
const OWNERSHIP_TYPES = ['Sole Proprietorship', 'Partnership', 'Corporation', 'Limited Liability Company'];
const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

export function WizardStepPharmacy({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Pharmacy Name" required className="sm:col-span-2" error={errors.pharmacyName?.message} {...register('pharmacyName')} />
      <TextField label="Trade Name (DBA)" error={errors.tradeName?.message} {...register('tradeName')} />
      <SelectField label="Chain Affiliation" placeholder="Select affiliation" options={CHAIN_OPTIONS} error={errors.chainAffiliation?.message} {...register('chainAffiliation')} />
      <TextField label="Federal Tax ID (EIN)" error={errors.taxId?.message} {...register('taxId')} />
      <SelectField label="Business Type" placeholder="Select business type" options={asOptions(BUSINESS_TYPES)} error={errors.businessType?.message} {...register('businessType')} />
      <SelectField label="Ownership Type" placeholder="Select ownership type" options={asOptions(OWNERSHIP_TYPES)} error={errors.ownershipType?.message} {...register('ownershipType')} />
    </div>
  );
}
