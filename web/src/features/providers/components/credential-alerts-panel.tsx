/**
 * Credential alerts (issue 22): the pharmacy's prescriber licences and DEA registrations expired or expiring within
 * 90 days, soonest first, one sentence each ("Licence IL 036.120557 of Dr. James Whitaker expires 2027-01-12 (in 45
 * days)").
 */
import { CREDENTIAL_ALERT_DAYS } from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useCredentialAlerts } from '../api/get-credential-alerts.ts';
import { credentialAlertSentence } from '../provider-format.ts';

export function CredentialAlertsPanel({ pharmacyId, today }: { pharmacyId: string; today: string }) {
  const alerts = useCredentialAlerts(pharmacyId);
  return (
    <SectionCard title="Credential Alerts">
      <QueryState
        query={alerts}
        errorText="The credential alerts could not be loaded"
        loadingLabel="Loading credential alerts"
        skeletonRows={1}
        size="sm"
        isEmpty={(result) => result.total === 0}
        emptyText={`No prescriber licence or DEA registration is expired or expires within ${CREDENTIAL_ALERT_DAYS} days`}
      >
        {(result) => (
          <div className="flex flex-col gap-2">
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" aria-label="Credential alerts" tabIndex={0}>
              {result.alerts.map((alert) => (
                <li key={`${alert.prescriberId}-${alert.credential}`} className="flex items-start gap-2" data-testid="credential-alert">
                  <span className={`badge badge-sm shrink-0 ${alert.expired ? 'badge-error' : 'badge-warning'}`}>{alert.expired ? 'Expired' : 'Expiring'}</span>
                  <span>{credentialAlertSentence(alert, today)}</span>
                </li>
              ))}
            </ul>
            {result.total > result.alerts.length ? (
              <p className="text-sm text-base-content/70">
                {result.alerts.length} of {result.total} shown, soonest first.
              </p>
            ) : null}
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
