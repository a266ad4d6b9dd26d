/**
 * /subscription-plans signed in: the pharmacy's subscription and its plan, for the signed-in admin (admins only:
 * shared/src/staff/screens.ts subscriptionScreen; the database refuses the subscription to anyone else). Signed out
 * the same address is the marketing plans page (app/routes/subscription-plans.tsx).
 */
import { PharmacySubscription } from '../../../features/subscription/components/pharmacy-subscription.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

export function PharmacySubscriptionRoute() {
  const { pharmacy } = useSignedInStaff();
  return <PharmacySubscription pharmacyId={pharmacy.id} />;
}
