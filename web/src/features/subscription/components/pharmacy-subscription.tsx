/**
 * The Subscription Plans page signed in, for an admin (part 2 "Subscription Plans"; issue 28): the plan cards with
 * 'Current Plan' on the plan the pharmacy has, and the current subscription box from GET /api/subscription/current.
 * Changing plans is not part of the product (spec: "allowed changes: not shown"), so no other plan offers a trial.
 */
import { formatPlanPrice, TRIAL_DAYS } from '@pharmacy/shared/subscription/plan.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useCurrentSubscription } from '../api/get-current-subscription.ts';
import { usePlans } from '../api/get-plans.ts';
import { CurrentSubscriptionBox } from './current-subscription-box.tsx';
import { PlanCard } from './plan-card.tsx';

export function PharmacySubscription({ pharmacyId }: { pharmacyId: string }) {
  const plans = usePlans();
  const current = useCurrentSubscription(pharmacyId);
  // A canceled subscription's plan is no longer the pharmacy's current plan.
  const currentPlanId = current.data && current.data.status !== 'canceled' ? current.data.planId : null;

  return (
    <section className="flex flex-1 flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Subscription Plans</h1>
        <p className="mt-2 text-base-content/70">
          One flat price: {formatPlanPrice()} per month, with a {TRIAL_DAYS}-day free trial. Unlimited users and prescriptions for a single
          location.
        </p>
      </header>
      <div className="grid w-full max-w-5xl items-start gap-6 md:grid-cols-[3fr_2fr]">
        <div>
          <QueryState query={plans} errorText="The plans could not be loaded" loadingLabel="Loading plans" skeletonRowClassName="h-64" skeletonRows={1}>
            {(loadedPlans) => (
              <div className="flex flex-col gap-4">
                {loadedPlans.map((plan) => (
                  <PlanCard key={plan.id} plan={plan} isCurrent={plan.id === currentPlanId} startTrialPath={null} />
                ))}
              </div>
            )}
          </QueryState>
        </div>
        <section aria-labelledby="current-subscription-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3">
            <h2 id="current-subscription-title" className="card-title text-lg">
              Current subscription
            </h2>
            <QueryState
              query={current}
              errorText="The subscription could not be loaded"
              loadingLabel="Loading the subscription"
              skeletonRows={4}
              skeletonRowClassName="h-8"
              size="sm"
            >
              {(subscription) => <CurrentSubscriptionBox subscription={subscription} />}
            </QueryState>
          </div>
        </section>
      </div>
    </section>
  );
}
