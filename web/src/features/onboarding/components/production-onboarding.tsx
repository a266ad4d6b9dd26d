/**
 * The tabbed onboarding (spec §2, §4 "Tabbed onboarding", §5, §8): pharmacy → admin → plan → (the
 * server's validation passes) review → (the account is created) complete. The Admin tab opens once the
 * pharmacy details are valid and the Plan tab once the admin details are too; Review opens only after the
 * validate call passes (and closes again if the form changes), Complete only after the account exists.
 */
import type { QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingErrorMessage } from '@pharmacy/shared/onboarding/errors.ts';
import {
  EMPTY_ONBOARDING_TABBED,
  onboardingTabbedSchema,
  tabbedAdminSchema,
  tabbedPharmacySchema,
  tabbedPlanSchema,
  type OnboardingTabbed,
  type OnboardingTabbedInput,
} from '@pharmacy/shared/onboarding/tabbed.ts';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCompleteOnboarding, type OnboardingCompleteResult } from '../api/complete-onboarding.ts';
import { useValidateOnboarding } from '../api/validate-onboarding.ts';
import { TabbedAdminTab } from './tabbed-admin-tab.tsx';
import { TabbedCompleteTab } from './tabbed-complete-tab.tsx';
import type { PlanChoice, TabbedForm } from './tabbed-form.ts';
import { TabbedPharmacyTab } from './tabbed-pharmacy-tab.tsx';
import { TabbedPlanTab } from './tabbed-plan-tab.tsx';
import { TabbedReviewTab } from './tabbed-review-tab.tsx';

type TabId = 'pharmacy' | 'admin' | 'plan' | 'review' | 'complete';

const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'pharmacy', label: 'Pharmacy' },
  { id: 'admin', label: 'Admin' },
  { id: 'plan', label: 'Plan' },
  { id: 'review', label: 'Review' },
  { id: 'complete', label: 'Complete' },
];

const PHARMACY_FIELDS = Object.keys(tabbedPharmacySchema.shape) as Array<keyof OnboardingTabbedInput>;
const ADMIN_FIELDS = Object.keys(tabbedAdminSchema.shape) as Array<keyof OnboardingTabbedInput>;
const PLAN_FIELDS = Object.keys(tabbedPlanSchema.shape) as Array<keyof OnboardingTabbedInput>;

export interface ProductionOnboardingProps {
  /** The plans query (usePlans): its data, or its loading and error state with Retry. */
  plans: QueryStateQuery<readonly PlanChoice[]>;
  loginPath: string;
}

export function ProductionOnboarding({ plans, loginPath }: ProductionOnboardingProps) {
  const form: TabbedForm = useForm<OnboardingTabbedInput, unknown, OnboardingTabbed>({
    resolver: zodResolver(onboardingTabbedSchema),
    defaultValues: EMPTY_ONBOARDING_TABBED,
  });
  const values = useWatch({ control: form.control }) as OnboardingTabbedInput;
  const [tab, setTab] = useState<TabId>('pharmacy');
  const tabsId = useId();
  const [validatedForm, setValidatedForm] = useState<OnboardingTabbed | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [created, setCreated] = useState<OnboardingCompleteResult | null>(null);
  const validate = useValidateOnboarding();
  const complete = useCompleteOnboarding();

  // A change after validation passed invalidates it: Review closes until the form is validated again.
  useEffect(() => {
    const subscription = form.watch(() => setValidatedForm(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const pharmacyValid = tabbedPharmacySchema.safeParse(values).success;
  const adminValid = tabbedAdminSchema.safeParse(values).success;
  const enabled: Record<TabId, boolean> = {
    pharmacy: created === null,
    admin: created === null && pharmacyValid,
    plan: created === null && pharmacyValid && adminValid,
    review: created === null && validatedForm !== null,
    complete: created !== null,
  };

  async function continueTo(fields: Array<keyof OnboardingTabbedInput>, next: TabId) {
    if (await form.trigger(fields, { shouldFocus: true })) setTab(next);
  }

  async function validateAndContinue() {
    if (!(await form.trigger([...PHARMACY_FIELDS, ...ADMIN_FIELDS, ...PLAN_FIELDS], { shouldFocus: true }))) return;
    const parsed = onboardingTabbedSchema.safeParse(form.getValues());
    if (!parsed.success) return;
    validate.mutate(parsed.data, {
      onSuccess: (result) => {
        if (result.isValid) {
          setServerErrors([]);
          setValidatedForm(parsed.data);
          setTab('review');
        } else {
          setServerErrors(result.errors);
          const count = result.errors.length;
          toast({
            title: 'Validation Failed',
            description: `Please fix ${count} ${count === 1 ? 'error' : 'errors'} before continuing.`,
            variant: 'destructive',
          });
        }
      },
      onError: () => toast({ title: 'Validation Error', description: 'Failed to validate information', variant: 'destructive' }),
    });
  }

  function createAccount() {
    if (validatedForm === null) return;
    complete.mutate(validatedForm, {
      onSuccess: (result) => {
        setCreated(result);
        setTab('complete');
      },
      onError: () => toast({ title: 'Onboarding Failed', description: 'Failed to create pharmacy account', variant: 'destructive' }),
    });
  }

  const selectedPlan = plans.data?.find((plan) => plan.id === values.selectedPlan);

  return (
    <div className="card w-full bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <header>
          <h1 className="text-2xl font-bold">Pharmacy Account Setup</h1>
          <p className="mt-1 text-sm text-base-content/70">Create your pharmacy, its administrator and your trial subscription.</p>
        </header>
        <TabList
          baseId={tabsId}
          label="Account setup steps"
          items={TABS.map((item) => ({ ...item, disabled: !enabled[item.id] }))}
          selected={tab}
          onSelect={setTab}
          fill
        />

        <form noValidate onSubmit={(event) => event.preventDefault()} aria-label="Pharmacy account setup">
          <TabPanel baseId={tabsId} selected={tab} className="flex flex-col gap-6">
            {tab === 'pharmacy' ? (
              <>
                <TabbedPharmacyTab form={form} />
                <div className="flex justify-end border-t border-base-300 pt-4">
                  <button type="button" className="btn btn-primary" onClick={() => void continueTo(PHARMACY_FIELDS, 'admin')}>
                    Continue to Admin
                  </button>
                </div>
              </>
            ) : null}
            {tab === 'admin' ? (
              <>
                <TabbedAdminTab form={form} />
                <div className="flex justify-between border-t border-base-300 pt-4">
                  <button type="button" className="btn btn-ghost" onClick={() => setTab('pharmacy')}>
                    Back
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => void continueTo(ADMIN_FIELDS, 'plan')}>
                    Continue to Plan
                  </button>
                </div>
              </>
            ) : null}
            {tab === 'plan' ? (
              <>
                <TabbedPlanTab form={form} plans={plans} serverErrors={serverErrors} />
                <div className="flex justify-between border-t border-base-300 pt-4">
                  <button type="button" className="btn btn-ghost" onClick={() => setTab('admin')}>
                    Back
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => void validateAndContinue()} disabled={validate.isPending}>
                    {validate.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                    Validate & Continue
                  </button>
                </div>
              </>
            ) : null}
            {tab === 'review' && validatedForm !== null ? (
              <>
                {complete.isError ? (
                  <div role="alert" className="alert alert-error alert-soft">
                    <span>{onboardingErrorMessage(complete.error.message)}</span>
                  </div>
                ) : null}
                <TabbedReviewTab values={values} plan={selectedPlan} />
                <div className="flex justify-between border-t border-base-300 pt-4">
                  <button type="button" className="btn btn-ghost" onClick={() => setTab('plan')} disabled={complete.isPending}>
                    Back
                  </button>
                  <button type="button" className="btn btn-primary" onClick={createAccount} disabled={complete.isPending}>
                    {complete.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                    Create Pharmacy Account
                  </button>
                </div>
              </>
            ) : null}
            {tab === 'complete' && created !== null ? <TabbedCompleteTab result={created} loginPath={loginPath} /> : null}
          </TabPanel>
        </form>
      </div>
    </div>
  );
}
