/**
 * Prescriber Credentials (issue 22): the prescriber licences and DEA registrations expired or expiring within 90
 * days, soonest first, with how many there are in all and the way to the Providers screen.
 */
import { Link } from 'react-router-dom';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { CREDENTIAL_ALERT_DAYS } from '@pharmacy/shared/prescribers/credential-alerts.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { usePrescriberCredentialAlerts } from '../api/get-prescriber-credential-alerts.ts';

export function PrescriberCredentialAlertsCard({ pharmacyId }: { pharmacyId: string }) {
  const alerts = usePrescriberCredentialAlerts(pharmacyId);
  return (
    <SectionCard title="Prescriber Credentials">
      <QueryState
        query={alerts}
        errorText="Prescriber credentials could not be loaded"
        loadingLabel="Loading"
        skeletonRows={1}
        size="sm"
        isEmpty={(result) => result.total === 0}
        emptyText={`Every prescriber licence and DEA registration on file is current for the next ${CREDENTIAL_ALERT_DAYS} days`}
      >
        {(result) => (
          <div className="flex flex-col gap-2">
            <ul className="flex flex-col gap-2">
              {result.alerts.map((alert) => (
                <li
                  key={`${alert.prescriberId}-${alert.credential}`}
                  data-testid="prescriber-credential-alert"
                  className={`flex items-center justify-between gap-3 rounded-box border p-3 ${alert.expired ? 'border-error/30 bg-error/5' : 'border-warning/40 bg-warning/5'}`}
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{alert.prescriberName}</p>
                    <p className="text-sm text-base-content/70">
                      {alert.credential === 'dea' ? 'DEA registration' : 'State licence'} {alert.credentialNumber}{' '}
                      {alert.expired ? 'expired' : 'expires'} {usDate(alert.expiresOn)}
                    </p>
                  </div>
                  <span className={`badge shrink-0 ${alert.expired ? 'badge-error' : 'badge-warning'}`}>{alert.expired ? 'Expired' : 'Expiring'}</span>
                </li>
              ))}
            </ul>
            <Link to="/providers" className="link link-primary text-sm">
              {result.total > result.alerts.length ? `All ${result.total} credential alerts on Providers` : 'Open Providers'}
            </Link>
          </div>
        )}
      </QueryState>
    </SectionCard>
  );
}
