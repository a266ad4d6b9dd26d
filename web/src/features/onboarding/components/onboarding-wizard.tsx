/**
 * The six-step onboarding wizard (spec §2, §4 "Wizard", §5): one form over all steps, validated with the
 * shared schemas; Next checks only the current step's fields, Previous goes back, step 1 offers Back to
 * Login, and the last step submits ('Complete Onboarding' / 'Setting up...'). A failure is shown as an
 * alert and a destructive 'Onboarding Failed' toast, in the spec's words for known conflicts (§8).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { onboardingErrorMessage } from '@pharmacy/shared/onboarding/errors.ts';
import {
  EMPTY_ONBOARDING_WIZARD,
  WIZARD_STEPS,
  onboardingWizardSchema,
  wizardProgress,
  type OnboardingWizard,
  type OnboardingWizardInput,
} from '@pharmacy/shared/onboarding/wizard.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useOnboardPharmacy } from '../api/onboard-pharmacy.ts';
import type { WizardForm } from './wizard-form.ts';
import { WizardStepAdmin } from './wizard-step-admin.tsx';
import { WizardStepLegal } from './wizard-step-legal.tsx';
import { WizardStepLocation } from './wizard-step-location.tsx';
import { WizardStepPharmacy } from './wizard-step-pharmacy.tsx';
import { WizardStepPic } from './wizard-step-pic.tsx';
import { WizardStepRegulatory } from './wizard-step-regulatory.tsx';

const STEP_BODIES: ReadonlyArray<(form: WizardForm) => ReactNode> = [
  (form) => <WizardStepPharmacy form={form} />,
  (form) => <WizardStepRegulatory form={form} />,
  (form) => <WizardStepLocation form={form} />,
  (form) => <WizardStepPic form={form} />,
  (form) => <WizardStepAdmin form={form} />,
  (form) => <WizardStepLegal form={form} />,
];

const LAST_STEP = WIZARD_STEPS.length - 1;

export interface OnboardingWizardProps {
  loginPath: string;
  onCompleted: (pharmacyName: string) => void;
}

export function OnboardingWizard({ loginPath, onCompleted }: OnboardingWizardProps) {
  const [stepIndex, setStepIndex] = useState(0);
  const form: WizardForm = useForm<OnboardingWizardInput, unknown, OnboardingWizard>({
    resolver: zodResolver(onboardingWizardSchema),
    defaultValues: EMPTY_ONBOARDING_WIZARD,
    shouldUnregister: false,
  });
  const onboard = useOnboardPharmacy();
  const step = WIZARD_STEPS[stepIndex]!;
  const progress = wizardProgress(stepIndex);

  async function goNext() {
    const stepIsValid = await form.trigger([...step.fields], { shouldFocus: true });
    if (stepIsValid) setStepIndex((index) => Math.min(index + 1, LAST_STEP));
  }

  const submit = form.handleSubmit((payload) => {
    onboard.mutate(payload, {
      onSuccess: () => onCompleted(payload.pharmacyName),
      onError: (error) => {
        toast({ title: 'Onboarding Failed', description: onboardingErrorMessage(error.message), variant: 'destructive' });
      },
    });
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (stepIndex < LAST_STEP) {
      // Enter in a field of an earlier step means Next, never a submit of half a form.
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  }

  return (
    <div className="card w-full bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-2xl font-bold">Pharmacy Onboarding</h1>
            <p className="text-sm text-base-content/70">
              <span>{progress.label}</span> · <span>{progress.percent}% complete</span>
            </p>
          </div>
          <progress className="progress progress-primary w-full" value={progress.percent} max={100} aria-label="Onboarding progress" />
          <ol className="hidden gap-2 text-xs md:grid md:grid-cols-6" aria-label="Onboarding steps">
            {WIZARD_STEPS.map((item, index) => (
              <li
                key={item.title}
                aria-current={index === stepIndex ? 'step' : undefined}
                className={index === stepIndex ? 'font-semibold text-primary' : index < stepIndex ? 'text-base-content/80' : 'text-base-content/70'}
              >
                {index + 1}. {item.title}
              </li>
            ))}
          </ol>
        </header>

        <form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title" className="flex flex-col gap-6">
          <h2 id="wizard-step-title" className="text-lg font-semibold">
            {step.title}
          </h2>
          {onboard.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              <span>{onboardingErrorMessage(onboard.error.message)}</span>
            </div>
          ) : null}
          {STEP_BODIES[stepIndex]!(form)}
          <div className="flex items-center justify-between gap-3 border-t border-base-300 pt-4">
            {stepIndex === 0 ? (
              <Link to={loginPath} className="btn btn-ghost">
                Back to Login
              </Link>
            ) : (
              <button type="button" className="btn btn-ghost" onClick={() => setStepIndex((index) => index - 1)} disabled={onboard.isPending}>
                Previous
              </button>
            )}
            {stepIndex < LAST_STEP ? (
              <button type="button" className="btn btn-primary" onClick={() => void goNext()}>
                Next
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={onboard.isPending}>
                {onboard.isPending ? (
                  <>
                    <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                    Setting up...
                  </>
                ) : (
                  'Complete Onboarding'
                )}
              </button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}
