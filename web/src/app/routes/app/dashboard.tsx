/**
 * / signed in: the Dashboard, for the signed-in staff member and their pharmacy's record, under the DEA
 * registration banner (the prescriptions feature's; expired, or expiring within 90 days) and, for admins, the notice
 * that the free trial ends within 7 days (the subscription feature's; the subscription is admins' only).
 */
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import { DeaRegistrationBanner } from '../../../features/prescriptions/components/dea-registration-banner.tsx';
import { TrialEndingNotice } from '../../../features/subscription/components/trial-ending-notice.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';
import { mayOpenScreen, subscriptionScreen } from '@pharmacy/shared/staff/screens.ts';

export function DashboardRoute() {
  const { user, pharmacy, role } = useSignedInStaff();
  return (
    <>
      <DeaRegistrationBanner pharmacyId={pharmacy.id} />
      {mayOpenScreen(role, subscriptionScreen) ? <TrialEndingNotice pharmacyId={pharmacy.id} /> : null}
      <Dashboard userName={`${user.firstName} ${user.lastName}`} pharmacy={pharmacy} />
    </>
  );
}
