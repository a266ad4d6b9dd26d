/**
 * /system-settings (spec part 2 §2 System Settings; admins only, see shared/src/screens.ts): the System Settings of
 * the signed-in admin's pharmacy. Other features' pieces meet here, one prop each: the System Status card's health
 * check, the Pharmacy tab's logo upload and the tabs' tools (test print, test email and fax, the queues).
 */
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { SystemStatusValue, type SystemStatusSummary } from '../../../features/system-settings/components/settings-summary-cards.tsx';
import { SystemSettings } from '../../../features/system-settings/components/system-settings.tsx';
import { useHealth } from '../../../features/system-status/api/get-health.ts';

/** The System Status card from the api's health check (gateway → functions runtime → api function). */
function ApiHealthStatus() {
  const health = useHealth();
  const summary: SystemStatusSummary = health.isPending
    ? { state: 'checking' }
    : health.isError
      ? { state: 'down', detail: health.error.message }
      : { state: 'operational', detail: 'The pharmacy server answers' };
  return <SystemStatusValue summary={summary} />;
}

export function SystemSettingsRoute() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  // The signed-in route set is mounted only once the staff context is loaded (see router.tsx).
  if (!staff.data) return null;
  return <SystemSettings pharmacyId={staff.data.pharmacy.id} systemStatus={<ApiHealthStatus />} />;
}
