/**
 * The dashboard's notice to admins that the pharmacy's free trial ends within 7 days (issue 28;
 * shared/src/subscription/trial.ts), with the days left and the way to the plans page. Nothing otherwise, and
 * nothing while the subscription loads or if it cannot be read (the plans page says why).
 */
import { Link } from 'react-router-dom';
import { trialEndsSoon } from '@pharmacy/shared/subscription/trial.ts';
import { subscriptionScreen } from '@pharmacy/shared/staff/screens.ts';
import { useCurrentSubscription } from '../api/get-current-subscription.ts';

function daysLeftSentence(days: number): string {
  if (days === 0) return 'Your free trial ends today.';
  return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`;
}

export function TrialEndingNotice({ pharmacyId }: { pharmacyId: string }) {
  const subscription = useCurrentSubscription(pharmacyId);
  const data = subscription.data;
  if (!data || !trialEndsSoon(data) || data.trialDaysLeft === null) return null;
  return (
    <div role="status" aria-label="Free trial" className="alert alert-info alert-soft mb-4 flex flex-wrap justify-between">
      <span className="font-medium">{daysLeftSentence(data.trialDaysLeft)}</span>
      <Link to={subscriptionScreen.path} className="btn btn-sm btn-info">
        View subscription
      </Link>
    </div>
  );
}
