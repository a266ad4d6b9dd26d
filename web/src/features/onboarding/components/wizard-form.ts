/** The wizard's react-hook-form type, shared by the wizard and its step components. */
import type { UseFormReturn } from 'react-hook-form';
import type { OnboardingWizard, OnboardingWizardInput } from '@pharmacy/shared/onboarding/wizard.ts';

export type WizardForm = UseFormReturn<OnboardingWizardInput, unknown, OnboardingWizard>;

export interface WizardStepProps {
  form: WizardForm;
}
