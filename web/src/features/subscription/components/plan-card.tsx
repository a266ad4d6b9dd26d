/**
 * One plan as the plans page shows it (part 2 "Subscription Plans"): name, flat monthly price, trial,
 * limits (-1 = unlimited) and feature list, with 'Current Plan' for the plan in use or 'Start N-Day Trial'. Signed
 * in, a plan the pharmacy does not have offers no trial (changing plans is not part of the product: spec part 2).
 */
import { Link } from 'react-router-dom';
import type { SubscriptionPlan } from '../api/get-plans.ts';

export interface PlanCardProps {
  plan: SubscriptionPlan;
  isCurrent: boolean;
  /** Where 'Start N-Day Trial' leads (signed out: the onboarding wizard); null offers no trial. */
  startTrialPath: string | null;
}

function limitText(value: number | undefined, noun: string): string | null {
  if (value === undefined) return null;
  return value === -1 ? `Unlimited ${noun}` : `Up to ${value} ${noun}`;
}

export function PlanCard({ plan, isCurrent, startTrialPath }: PlanCardProps) {
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency, maximumFractionDigits: 0 }).format(plan.price);
  const limits = [
    limitText(plan.features.maxUsers, 'users'),
    limitText(plan.features.maxPrescriptions, 'prescriptions'),
    plan.features.locations === 1 ? 'Single location' : limitText(plan.features.locations, 'locations'),
  ].filter((text): text is string => text !== null);
  // The plan's own feature texts when it has them; otherwise what its limits say.
  const features = plan.features.list && plan.features.list.length > 0 ? plan.features.list : limits;

  return (
    <article aria-labelledby={`plan-${plan.id}`} className="card border-2 border-primary bg-base-100 shadow-md">
      <div className="card-body gap-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={`plan-${plan.id}`} className="card-title text-2xl">
              {plan.name}
            </h2>
            {plan.description ? <p className="mt-1 text-sm text-base-content/70">{plan.description}</p> : null}
          </div>
          <span className="badge badge-primary">Flat rate</span>
        </div>
        <p>
          <span className="text-5xl font-bold tracking-tight">{price}</span>
          <span className="text-base-content/70"> / {plan.billingCycle === 'monthly' ? 'month' : plan.billingCycle}</span>
        </p>
        <p className="text-sm text-success">{plan.trialDays}-day free trial · No credit card needed</p>
        <ul className="flex flex-col gap-2" aria-label="Included features">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <span className="text-success" aria-hidden="true">
                ✓
              </span>
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="card-actions">
          {isCurrent ? (
            <button type="button" className="btn btn-block" disabled>
              Current Plan
            </button>
          ) : startTrialPath !== null ? (
            <Link to={startTrialPath} className="btn btn-primary btn-block">
              Start {plan.trialDays}-Day Trial
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
