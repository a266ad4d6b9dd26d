/**
 * Wizard step 6, Legal Agreement (spec §2): the terms on software license and use, regulatory compliance
 * and professional responsibility, and the three agreements that must be ticked.
 */
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import type { WizardStepProps } from './wizard-form.ts';

const TERMS_SECTIONS = [
  {
    title: 'Software License and Use',
    text: 'The pharmacy receives a non-exclusive, non-transferable license to use the software for its own licensed pharmacy operations at the registered location. Accounts are personal to each staff member and may not be shared.',
  },
  {
    title: 'Regulatory Compliance',
    text: 'The pharmacy remains responsible for complying with federal and state law, including DEA controlled-substance rules, state board of pharmacy regulations and HIPAA privacy and security requirements. The software supports, but does not replace, these obligations.',
  },
  {
    title: 'Professional Responsibility',
    text: 'Clinical decisions remain with licensed pharmacists. Drug interaction alerts and other AI-assisted checks are aids to professional judgment; every prescription must be reviewed by a pharmacist before it is dispensed.',
  },
] as const;

export function WizardStepLegal({ form }: WizardStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="flex flex-col gap-5">
      <div className="max-h-64 overflow-y-auto rounded-box border border-base-300 bg-base-200/50 p-4 text-sm" tabIndex={0} aria-label="Terms and conditions">
        <h3 className="mb-3 font-semibold">Terms and Conditions</h3>
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className="mb-3 last:mb-0">
            <h4 className="font-medium">{section.title}</h4>
            <p className="mt-1 text-base-content/70">{section.text}</p>
          </section>
        ))}
      </div>
      <CheckboxField label="I accept the Terms and Conditions" error={errors.acceptTermsAndConditions?.message} {...register('acceptTermsAndConditions')} />
      <CheckboxField label="I accept the Privacy Policy" error={errors.acceptPrivacyPolicy?.message} {...register('acceptPrivacyPolicy')} />
      <CheckboxField
        label="I acknowledge the regulatory compliance requirements (DEA, state board of pharmacy, HIPAA)"
        error={errors.acceptRegulatory?.message}
        {...register('acceptRegulatory')}
      />
    </div>
  );
}
