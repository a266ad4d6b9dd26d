/**
 * /subscription-plans (part 2 "Subscription Plans"; signed out per spec §2): the flat-rate plan from the
 * server with its features, the current-subscription box (a visitor has none yet, so it says what a new
 * pharmacy gets) and the marketing terms from the shared constants.
 */
import { formatPlanPrice, TRIAL_DAYS } from '@pharmacy/shared/subscription/plan.ts';
import { QueryState } from '../../components/ui/query-state.tsx';
import { paths } from '../../config/paths.ts';
import { usePlans } from '../../features/subscription/api/get-plans.ts';
import { PlanCard } from '../../features/subscription/components/plan-card.tsx';

export function SubscriptionPlansRoute() {
  const plans = usePlans();

  return (
    <section className="flex flex-1 flex-col gap-8">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Subscription Plans</h1>
        <p className="mt-2 text-base-content/70">
          One flat price: {formatPlanPrice()} per month, with a {TRIAL_DAYS}-day free trial. Unlimited users and prescriptions for a
          single location.
        </p>
      </header>
      <div className="mx-auto grid w-full max-w-4xl items-start gap-6 md:grid-cols-[3fr_2fr]">
        <div>
          <QueryState query={plans} errorText="The plans could not be loaded" loadingLabel="Loading plans" skeletonRowClassName="h-64" skeletonRows={1}>
            {(loadedPlans) => (
              <div className="flex flex-col gap-4">
                {loadedPlans.map((plan) => (
                  <PlanCard key={plan.id} plan={plan} isCurrent={false} startTrialPath={paths.productionOnboard} />
                ))}
              </div>
            )}
          </QueryState>
        </div>
        <aside aria-labelledby="current-subscription-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3">
            <h2 id="current-subscription-title" className="card-title text-lg">
              Current subscription
            </h2>
            <p className="text-sm text-base-content/70">
              None yet. Setting up your pharmacy starts a {TRIAL_DAYS}-day free trial — no credit card needed. After the trial the plan is{' '}
              {formatPlanPrice()} per month.
            </p>
          </div>
        </aside>
      </div>
    </section>
  );
}
