/**
 * Tabbed onboarding, Plan tab (spec §2): the plans from the server as selectable cards, the three
 * agreements, and the server's validation errors when 'Validate & Continue' did not pass.
 */
import { useController } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { QueryState, type QueryStateQuery } from '../../../components/ui/query-state.tsx';
import type { PlanChoice, TabbedForm } from './tabbed-form.ts';

export interface TabbedPlanTabProps {
  form: TabbedForm;
  plans: QueryStateQuery<readonly PlanChoice[]>;
  serverErrors: readonly string[];
}

function formatPrice(plan: PlanChoice): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency, maximumFractionDigits: 0 }).format(plan.price);
}

export function TabbedPlanTab({ form, plans, serverErrors }: TabbedPlanTabProps) {
  const { register, formState } = form;
  const { errors } = formState;
  const selectedPlan = useController({ control: form.control, name: 'selectedPlan' });

  return (
    <div className="flex flex-col gap-6">
      {serverErrors.length > 0 ? (
        <div role="alert" className="alert alert-error alert-soft items-start">
          <div>
            <p className="font-medium">Please correct the following:</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {serverErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Subscription plan</legend>
        <QueryState query={plans} errorText="The plans could not be loaded" loadingLabel="Loading plans…" skeletonRows={2} skeletonRowClassName="h-32">
          {(choices) => (
            <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label="Subscription plans">
              {choices.map((plan) => {
                const checked = selectedPlan.field.value === plan.id;
                return (
                  <label
                    key={plan.id}
                    className={`flex cursor-pointer flex-col gap-2 rounded-box border-2 p-4 transition-colors ${
                      checked ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-primary/50'
                    }`}
                  >
                    <span className="flex items-center justify-between gap-3">
                      <span className="font-semibold">{plan.name}</span>
                      <input
                        type="radio"
                        className="radio radio-primary radio-sm"
                        name={selectedPlan.field.name}
                        value={plan.id}
                        checked={checked}
                        onChange={() => selectedPlan.field.onChange(plan.id)}
                        onBlur={selectedPlan.field.onBlur}
                        aria-label={plan.name}
                      />
                    </span>
                    <span>
                      <span className="text-2xl font-bold">{formatPrice(plan)}</span>
                      <span className="text-sm text-base-content/70"> / {plan.billingCycle === 'monthly' ? 'month' : plan.billingCycle}</span>
                    </span>
                    {plan.description ? <span className="text-sm text-base-content/70">{plan.description}</span> : null}
                    <span className="badge badge-success badge-soft">{plan.trialDays}-day free trial</span>
                  </label>
                );
              })}
            </div>
          )}
        </QueryState>
        {errors.selectedPlan?.message ? <p className="text-sm text-error">{errors.selectedPlan.message}</p> : null}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Agreements</legend>
        <CheckboxField label="I accept the Terms of Service" error={errors.termsAccepted?.message} {...register('termsAccepted')} />
        <CheckboxField label="I agree to the HIPAA Business Associate Agreement" error={errors.hipaaAgreement?.message} {...register('hipaaAgreement')} />
        <CheckboxField label="I accept the Privacy Policy" error={errors.privacyPolicy?.message} {...register('privacyPolicy')} />
      </fieldset>
    </div>
  );
}
