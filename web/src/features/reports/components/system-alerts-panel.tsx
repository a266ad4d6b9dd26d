/**
 * System alerts: the real conditions of the pharmacy that need someone (stock, expiring lots, registrations, open
 * interaction alerts, rejected claims, undelivered messages, failed scheduled reports), each linking to the screen where it is acted on.
 * None holding is said plainly. An alert about a screen the person may not open (System Settings, for a technician)
 * says who acts on it instead of linking.
 */
import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useSystemAlerts } from '../api/get-system-alerts.ts';

const SCREEN_NAMES: Record<string, string> = {
  '/inventory': 'Inventory',
  '/prescriptions': 'E-Prescriptions',
  '/billing': 'Billing & Claims',
  '/system-settings': 'System Settings',
  '/reports#scheduled-reports': 'Scheduled reports',
};

export function SystemAlertsPanel({ pharmacyId, openablePaths }: { pharmacyId: string; openablePaths: ReadonlySet<string> }) {
  const alerts = useSystemAlerts(pharmacyId);
  return (
    <SectionCard title="System Alerts">
      <QueryState
        query={alerts}
        errorText="The system alerts could not be loaded"
        loadingLabel="Loading the system alerts"
        isEmpty={(list) => list.length === 0}
        emptyText="Nothing needs attention."
      >
        {(list) => (
          <ul className="flex flex-col gap-2" aria-label="System alerts">
            {list.map((alert) => (
              <li key={alert.kind} className={`alert alert-soft ${alert.severity === 'error' ? 'alert-error' : 'alert-warning'} flex flex-wrap justify-between`}>
                <div>
                  <p className="font-semibold">
                    <span className="sr-only">{alert.severity === 'error' ? 'Urgent: ' : 'Warning: '}</span>
                    {alert.title}
                  </p>
                  <p className="text-sm">{alert.detail}</p>
                </div>
                {openablePaths.has(alert.link.split('#')[0]!) ? (
                  <Link className="btn btn-sm" to={alert.link}>
                    Open {SCREEN_NAMES[alert.link] ?? 'screen'}
                    <span className="sr-only"> for {alert.title}</span>
                  </Link>
                ) : (
                  <p className="text-sm">An admin acts on this in {SCREEN_NAMES[alert.link] ?? 'another screen'}.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </SectionCard>
  );
}
