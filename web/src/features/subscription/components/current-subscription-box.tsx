/**
 * The current subscription box of the signed-in plans page (part 2 "Subscription Plans"; issue 28): plan name,
 * status, the trial's days left (counted by the api in the pharmacy's time zone) and end, and the next billing date.
 */
import type { ReactNode } from 'react';
import { localDateIn, usDate } from '@pharmacy/shared/common/dates.ts';
import { trialDaysLeftText } from '@pharmacy/shared/subscription/trial.ts';
import type { CurrentSubscription } from '../api/get-current-subscription.ts';

const STATUS_TEXT: Record<CurrentSubscription['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-base-200 py-2 last:border-b-0">
      <dt className="text-sm text-base-content/70">{term}</dt>
      <dd className="text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

export function CurrentSubscriptionBox({ subscription }: { subscription: CurrentSubscription }) {
  const trialing = subscription.status === 'trialing';
  return (
    <dl aria-label="Current subscription details">
      <Fact term="Plan">{subscription.plan.name}</Fact>
      <Fact term="Status">{STATUS_TEXT[subscription.status]}</Fact>
      {trialing && subscription.trialDaysLeft !== null ? <Fact term="Trial days left">{trialDaysLeftText(subscription.trialDaysLeft)}</Fact> : null}
      {trialing && subscription.trialEndsAt !== null ? (
        <Fact term="Trial ends">{usDate(localDateIn(subscription.timeZone, new Date(subscription.trialEndsAt)))}</Fact>
      ) : null}
      <Fact term="Next billing date">{subscription.nextBillingDate === null ? 'None' : usDate(subscription.nextBillingDate)}</Fact>
    </dl>
  );
}
